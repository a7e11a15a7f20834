// Types of verify-webhook.mjs, for the demo receiver and the test that run it.
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds?: number,
): unknown
