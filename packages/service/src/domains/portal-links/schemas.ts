import { z } from 'zod';
import { ENVIRONMENTS } from '../context.js';

export const PortalLinkBody = z
  .object({
    environment: z
      .enum(ENVIRONMENTS)
      .default('sandbox')
      .describe("The environment whose portal the link opens (on that environment's listener). Default sandbox."),
  })
  .strict();

export const PortalLink = z.object({
  url: z.string().describe('The sign-in link: works once, within 30 minutes. Send it to the tenant’s staff only.'),
  expires_at: z.string(),
});

/** The link's URL: the portal's sign-in page with the token in it (and nowhere else). */
export const portalLinkUrl = (base: string, token: string) => `${base}/portal/sign-in?token=${token}`;
