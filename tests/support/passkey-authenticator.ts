import crypto from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey authenticator in software (WebAuthn Level 3, §6): an ES256 key of node:crypto, answers
 * with `fmt: "none"` attestation, CBOR from @simplewebauthn/server's own helper. It signs whatever it
 * is told (another origin, another relying party, an old counter), so the tests can forge what a
 * browser never would and see the server refuse it.
 */

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };

export type AnswerOverrides = {
  /** clientDataJSON's origin (the page's, which the browser writes): the server's expected one unless given. */
  origin?: string;
  /** The relying party whose SHA-256 starts authenticatorData: the options' unless given. */
  rpId?: string;
  /** The challenge signed: the options' unless given. */
  challenge?: string;
  /** The signature counter reported: one more than the last unless given. */
  counter?: number;
  /** User verified (flag UV): true unless given. */
  userVerified?: boolean;
};

const sha256 = (data: Uint8Array | string) => crypto.createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString("base64url");

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export class SoftwareAuthenticator {
  readonly credentialId = crypto.randomBytes(32);
  private readonly keys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  private userHandle: string | undefined;
  counter = 0;

  constructor(private readonly origin: string) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The public key as COSE_Key (EC2, ES256, P-256). */
  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
      ]),
    );
  }

  private authenticatorData(rpId: string, counter: number, userVerified: boolean, attested?: Uint8Array): Buffer {
    const flags = FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0) | (attested ? FLAG_ATTESTED_CREDENTIAL : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to a registration's options (navigator.credentials.create), as @simplewebauthn/browser sends it. */
  register(options: Options, overrides: AnswerOverrides = {}) {
    const rpId = overrides.rpId ?? options.rp?.id ?? new URL(this.origin).hostname;
    this.userHandle = options.user?.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authenticatorData(rpId, overrides.counter ?? this.counter, overrides.userVerified ?? true, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(
          this.clientData("webauthn.create", overrides.challenge ?? options.challenge, overrides.origin ?? this.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** The answer to a login's options (navigator.credentials.get), signed with the key; the counter goes up unless told. */
  authenticate(options: Options, overrides: AnswerOverrides = {}) {
    const rpId = overrides.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    if (overrides.counter === undefined) this.counter += 1;
    const authData = this.authenticatorData(rpId, overrides.counter ?? this.counter, overrides.userVerified ?? true);
    const clientDataJSON = this.clientData("webauthn.get", overrides.challenge ?? options.challenge, overrides.origin ?? this.origin);
    const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }
}
