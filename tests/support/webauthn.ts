import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/*
 * A software authenticator for HTTP tests: it makes a P-256 passkey for a site (attestation
 * "none") and signs its challenges, as a phone or security key would, with user presence and
 * verification set. Written out here (WebAuthn Level 2, sections 6.1 and 6.5) so the tests do not
 * trust the library the code under test uses to check the same bytes. The browser tests use
 * Chromium's own virtual authenticator instead.
 */

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString("base64url");
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 };

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  /** The account's handle the site gave at registration (its user.id). */
  userHandle: string;
  counter: number;
  rpId: string;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  const map = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x as string, "base64url")],
    [-3, Buffer.from(jwk.y as string, "base64url")],
  ]);
  return isoCBOR.encode(map);
}

function authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const head = Buffer.alloc(37);
  createHash("sha256").update(rpId).digest().copy(head, 0);
  head[32] = flags;
  head.writeUInt32BE(counter, 33);
  return attested ? Buffer.concat([head, attested]) : head;
}

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** navigator.credentials.create(): a new passkey for the options' site and account. */
export function createPasskey(
  options: { challenge: string; rp: { id: string }; user: { id: string } },
  origin: string,
) {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(coseKey(publicKey))]);
  const data = authData(options.rp.id, FLAGS.up | FLAGS.uv | FLAGS.at, 0, attested);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", data],
    ]) as never,
  );
  const passkey: SoftPasskey = {
    credentialId,
    privateKey,
    userHandle: options.user.id,
    counter: 0,
    rpId: options.rp.id,
  };
  const response = {
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
  };
  return { passkey, response };
}

/** navigator.credentials.get(): the passkey signs the options' challenge (its counter moves on). */
export function passkeyAnswer(passkey: SoftPasskey, options: { challenge: string }, origin: string) {
  passkey.counter += 1;
  const data = authData(passkey.rpId, FLAGS.up | FLAGS.uv, passkey.counter);
  const client = clientData("webauthn.get", options.challenge, origin);
  const signed = Buffer.concat([data, createHash("sha256").update(client).digest()]);
  const signature = sign("sha256", signed, passkey.privateKey);
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(data),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
  };
}
