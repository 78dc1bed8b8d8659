// The gateway credentials the HMRC integration tests run with, set in one place. It imports
// nothing of the app, so a test file's vi.hoisted block can call it before its imports run.

/** Points the app at the gateway `url`: HMRC's test service with `test` "1", production with "0". */
export function setHmrcGatewayEnv(url: string, test: "0" | "1"): void {
  process.env.HMRC_GATEWAY_URL = url;
  process.env.HMRC_SENDER_ID = "CHARITY-SENDER";
  process.env.HMRC_PASSWORD = "gateway-secret-password";
  process.env.HMRC_CHARITY_REF = "AB12345";
  process.env.HMRC_VENDOR_ID = "1234";
  process.env.HMRC_GATEWAY_TEST = test;
}
