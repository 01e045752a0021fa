import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for the model's integration tests: it answers the
 * server's registration and sign-in options as a platform authenticator with user verification
 * would (ES256, 'none' attestation), and can be told to lie (another origin, a stale counter).
 */

type Credential = { id: Uint8Array; key: KeyObject; userHandle: string; rpId: string; counter: number };

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts.map((part) => Buffer.from(part))));
const be = (value: number, bytes: 2 | 4) => {
  const out = Buffer.alloc(bytes);
  if (bytes === 2) out.writeUInt16BE(value);
  else out.writeUInt32BE(value);
  return new Uint8Array(out);
};
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function coseKey(key: KeyObject): Uint8Array {
  const jwk = key.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
}

export function softAuthenticator() {
  const credentials: Credential[] = [];
  return {
    credentials,
    /** Answers `navigator.credentials.create` options. */
    create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credential: Credential = {
        id: new Uint8Array(randomBytes(16)),
        key: privateKey,
        userHandle: options.user.id,
        rpId,
        counter: 0,
      };
      credentials.push(credential);
      const authData = concat(
        sha256(rpId),
        new Uint8Array([FLAGS.userPresent | FLAGS.userVerified | FLAGS.attested]),
        be(0, 4),
        new Uint8Array(16),
        be(credential.id.length, 2),
        credential.id,
        coseKey(publicKey),
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /**
     * Answers `navigator.credentials.get` options with `credential` (the last made by default);
     * `counter` overrides the signature counter (a cloned authenticator repeats an old one).
     */
    get(
      options: { challenge: string; rpId?: string },
      origin: string,
      { credential = credentials.at(-1)!, counter }: { credential?: Credential; counter?: number } = {},
    ) {
      credential.counter = counter ?? credential.counter + 1;
      const rpId = options.rpId ?? credential.rpId;
      const authData = concat(sha256(rpId), new Uint8Array([FLAGS.userPresent | FLAGS.userVerified]), be(credential.counter, 4));
      const data = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', concat(authData, sha256(data)), credential.key);
      return {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(new Uint8Array(signature)),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
