import { createOperatorClient, type OperatorClient } from '@pm/sdk';

/**
 * What an operator's back end does with the service, through the SDK: register its users, mirror every
 * movement of their balances, and mint widget sessions for its pages. Each call is one method
 * (`pm.<resource>.<verb>`, docs/sdk.md) that resolves to the answer's body and throws an ApiError otherwise;
 * keys, retries and errors are the SDK's.
 */
export class Operator {
  readonly api: OperatorClient;

  constructor(baseUrl: string, apiKey: string) {
    this.api = createOperatorClient({ baseUrl, credential: apiKey });
  }

  /** PUT is naturally idempotent: call it whenever a user signs up or changes status. */
  async registerUser(externalUserId: string): Promise<void> {
    await this.api.users.upsert(externalUserId, { status: 'active' });
  }

  /**
   * A deposit in the operator's own wallet, mirrored. The key comes from the operator's own movement id,
   * so sending it again after a crash (or twice by mistake) moves the money once and answers the same.
   */
  async mirrorDeposit(externalUserId: string, depositId: string, amount: string) {
    return this.api.balanceSync.create(
      { external_user_id: externalUserId, direction: 'credit', amount },
      { idempotencyKey: `deposit-${depositId}` },
    );
  }

  /** A widget session for the operator's page; the browser never sees the API key. */
  async mintSession(externalUserId: string) {
    return this.api.widgetSessions.create({ external_user_id: externalUserId });
  }
}
