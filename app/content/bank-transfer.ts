// Said under the charity's bank details on the donate page and on a pledge's thank-you page; apart
// from donate.ts so the thank-you page does not load the donate page's words.

export const monthlyNote =
  "For a monthly gift, set up a standing order with your bank to the account above, quoting your payment reference.";
