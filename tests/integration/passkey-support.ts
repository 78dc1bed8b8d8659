// A software authenticator for the passkey tests: real WebAuthn answers (an ES256 key pair, the
// "none" attestation, signed assertions) made in Node, as a browser and a platform authenticator
// would send them, so the server's checks run on the real thing.
import crypto from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const sha256 = (data: Uint8Array | string) => new Uint8Array(crypto.createHash("sha256").update(data).digest());

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const uint32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly credentialId = new Uint8Array(crypto.randomBytes(32));
  private readonly keys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  /** The signature counter the next assertion carries (incremented before each one). */
  counter = 0;
  userHandle: string | null = null;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  get id(): string {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin = this.origin): string {
    return JSON.stringify({ type, challenge, origin, crossOrigin: false });
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    return isoCBOR.encode(key);
  }

  /** navigator.credentials.create()'s answer to registration options, as JSON. */
  register(options: { challenge: string; user: { id: string } }, opts: { origin?: string; rpId?: string } = {}) {
    this.userHandle = options.user.id;
    const authData = concat(
      sha256(opts.rpId ?? this.rpId),
      new Uint8Array([UP | UV | AT]),
      uint32(0),
      new Uint8Array(16),
      new Uint8Array([0, this.credentialId.length]),
      this.credentialId,
      this.coseKey(),
    );
    const attestation = new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]);
    const attestationObject = isoCBOR.encode(attestation as Parameters<typeof isoCBOR.encode>[0]);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(this.clientData("webauthn.create", options.challenge, opts.origin)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal" as const],
      },
    };
  }

  /** navigator.credentials.get()'s answer to sign-in options, as JSON. */
  authenticate(
    options: { challenge: string },
    opts: { origin?: string; rpId?: string; userHandle?: string | null; counter?: number } = {},
  ) {
    this.counter = opts.counter ?? this.counter + 1;
    const authData = concat(sha256(opts.rpId ?? this.rpId), new Uint8Array([UP | UV]), uint32(this.counter));
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, opts.origin);
    const signature = crypto.sign("sha256", concat(authData, sha256(clientDataJSON)), this.keys.privateKey);
    const userHandle = opts.userHandle === undefined ? this.userHandle : opts.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        ...(userHandle ? { userHandle } : {}),
      },
    };
  }
}
