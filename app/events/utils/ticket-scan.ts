// What a camera read from a ticket's QR code, as the check-in form's code: the signed token the
// QR carries, or its bare 16-character code; a link to the ticket's QR image gives its token.
// Anything else (another QR code, a web page's address) is not a ticket: null.

const TOKEN = /^[A-Za-z0-9_-]{16,400}$/;
const QR_IMAGE = /\/events\/ticket\/([A-Za-z0-9_-]+)\.png(?:[?#].*)?$/;

export function scannedTicketCode(raw: string): string | null {
  const value = raw.trim();
  const fromLink = QR_IMAGE.exec(value);
  const code = fromLink ? fromLink[1] : value;
  return TOKEN.test(code) ? code : null;
}
