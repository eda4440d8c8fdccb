/** @jsxRuntime automatic @jsxImportSource preact */
import type { DeliveryDetail } from '../../domains/webhooks/index.js';
import { withBidiControlsShown } from '../../lib/text.js';
import { AttemptOutcome } from './delivery-status.js';
import { ScrollTable, when } from './shared.js';

/**
 * Every attempt, newest first: when, what came back (an HTTP status, no answer with the error, or not
 * sent and why) and how long it took, and under it the start of the receiver's answer (the service keeps
 * 256 bytes). Two columns, so that a phone shows the answer without scrolling sideways.
 */
export function AttemptsSection(props: { detail: DeliveryDetail }) {
  const attempts = [...props.detail.attempts].reverse();
  return (
    <section aria-labelledby="attempts">
      <h2 id="attempts">Attempts</h2>
      {attempts.length === 0 ? (
        <p>{props.detail.delivery ? 'No attempt yet.' : 'None: no delivery was made.'}</p>
      ) : (
        <ScrollTable label="Attempts, newest first">
          <thead>
            <tr>
              <th scope="col">Attempt</th>
              <th scope="col">Result and response</th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((a) => (
              <tr key={a.attempt}>
                <td class="nowrap">
                  {a.attempt}
                  <br />
                  <span class="hint">{when(a.attemptedAt)}</span>
                </td>
                <td>
                  <AttemptOutcome attempt={a} />{' '}
                  <span class="hint nowrap">· {a.sent ? `${a.latencyMs} ms` : 'nothing sent'}</span>
                  {a.responseExcerpt ? (
                    <>
                      <span class="vh">Response: </span>
                      <pre class="excerpt">{withBidiControlsShown(a.responseExcerpt)}</pre>
                    </>
                  ) : (
                    a.sent &&
                    a.statusCode !== null && (
                      <>
                        <br />
                        <span class="hint">Empty response</span>
                      </>
                    )
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
