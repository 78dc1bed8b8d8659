export interface ShareLink {
  network: "Twitter" | "Facebook" | "LinkedIn" | "Email" | "WhatsApp" | "X";
  href: string;
}

// encodeURIComponent throws on a lone surrogate; a title must never turn a page into a 500.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, "\uFFFD"));

/** Share-intent URLs for one page; each network takes the page's absolute URL, Twitter also the title. */
export function buildShareLinks(pageUrl: string, title: string): ShareLink[] {
  const url = encode(pageUrl);
  return [
    { network: "Twitter", href: `https://twitter.com/intent/tweet?url=${url}&text=${encode(title)}` },
    { network: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { network: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ];
}

/**
 * A supporter's page is shared with friends and family: by e-mail (mailto), WhatsApp, Facebook
 * and X, each a plain link built on the server, so they work without JavaScript.
 */
export function buildPageShareLinks(pageUrl: string, title: string): ShareLink[] {
  const url = encode(pageUrl);
  const text = encode(title);
  return [
    { network: "Email", href: `mailto:?subject=${text}&body=${encode(`${title}\n${pageUrl}`)}` },
    { network: "WhatsApp", href: `https://wa.me/?text=${encode(`${title} ${pageUrl}`)}` },
    { network: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { network: "X", href: `https://x.com/intent/post?url=${url}&text=${text}` },
  ];
}
