import { z } from "zod";

// Our Content-Security-Policy forbids eval. Without this, zod probes `new Function` the first
// time it parses, and although it catches the failure, browsers still report a CSP violation.
z.config({ jitless: true });

export { z };
