import { createOperatorClient, type OperatorClient } from '@pm/sdk';

/**
 * What an operator's back end does with the service, through the SDK: register its users, mirror every
 * movement of their balances, and mint widget sessions for its pages. Each call is one line; keys,
 * retries and errors are the SDK's.
 */
export class Operator {
  readonly api: OperatorClient;

  constructor(baseUrl: string, apiKey: string) {
    this.api = createOperatorClient({ baseUrl, credential: apiKey });
  }

  /** PUT is naturally idempotent: call it whenever a user signs up or changes status. */
  async registerUser(externalUserId: string): Promise<void> {
    const { error } = await this.api.PUT('/v1/users/{external_user_id}', {
      params: { path: { external_user_id: externalUserId } },
      body: { status: 'active' },
    });
    if (error) throw error;
  }

  /**
   * A deposit in the operator's own wallet, mirrored. The key comes from the operator's own movement id,
   * so sending it again after a crash (or twice by mistake) moves the money once and answers the same.
   */
  async mirrorDeposit(externalUserId: string, depositId: string, amount: string) {
    const { data, error } = await this.api.POST('/v1/balance-sync', {
      params: { header: { 'idempotency-key': `deposit-${depositId}` } },
      body: { external_user_id: externalUserId, direction: 'credit', amount },
    });
    if (error) throw error;
    return data;
  }

  /** A widget session for the operator's page; the browser never sees the API key. */
  async mintSession(externalUserId: string) {
    const { data, error } = await this.api.POST('/v1/widget/sessions', { body: { external_user_id: externalUserId } });
    if (error) throw error;
    return data;
  }
}
