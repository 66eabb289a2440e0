/**
 * Envelope test vectors (DESIGN section 4): fixed keys, iv and payload with the expected `data` and `sign`.
 * Computed once with OpenSSL (node:crypto) and checked by a test on each side (src/services/envelope.test.ts and
 * server/api/envelope.test.ts), so the client and server implementations can never drift apart.
 */
export const ENVELOPE_VECTORS = {
  "aesKey": "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
  "signKey": "f0e0d0c0b0a090807060504030201000ffeeddccbbaa99887766554433221100",
  "cases": [
    {
      "client": "pwa",
      "timestamp": 1764000000,
      "iv": "1f1e1d1c1b1a19181716151413121110",
      "payload": "{\"oauth_id\":\"6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b\",\"oauth_type\":\"pwa\",\"account\":\"demo\",\"password\":\"demo-password\"}",
      "data": "Hx4dHBsaGRgXFhUUExIREH0x+ezNxUi9C1YVgouJNPogZAWsGwEo2YJ9WsJawWF/c401z8XhrDak16AzZFoM+zXoM20OAQJJ1vQRfU8/GFxhOjcgr3CXkc1dy2X+7eUm8vXIwjMHI228YEEuxVnr9gJgWpKj/oelGbuOzpU0hFFA9yk1k39JMhSjt9b+ydRF",
      "sign": "9400ce35d69be86b4bc5d65849f1d033dfba4a606e8a5a5c7a60575181fbf26c"
    },
    {
      "client": "web",
      "timestamp": 1764000123,
      "iv": "00000000000000000000000000000000",
      "payload": "{\"oauth_id\":\"6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b\",\"oauth_type\":\"pwa\",\"token\":\"abc\",\"nickname\":\"東京 ñandú 🎉 مرحبا\"}",
      "data": "AAAAAAAAAAAAAAAAAAAAADhEfC3R1JuyVYYZY2mEJvk8fCEW6Lhpx5Aoq5PDBoWeSeHWfwZ5G/smNmiL0MZOAGkq/9u3VdzBu4ORKHGyksCfDsHnX9tfNzqO2Kq9BNdEV52wINQoadIUOt9GVSdyny1QKX7wCjzChGt2kgJ1ciWc9HoDfQRYb1yftD1N7rgCKZImpJzVHv+GeFUJwkUg7A==",
      "sign": "36a9ed41c0c3ae3d0849b4b27a0bacb01a609b8ff3cb96d73a23eb2a993828d2"
    },
    {
      "client": "pwa",
      "timestamp": 1764000456,
      "iv": "ffffffffffffffffffffffffffffffff",
      "payload": "{}",
      "data": "/////////////////////zxbxGu8YAIV+kqWWg3+nh4=",
      "sign": "184d2cd008415c69c5fac3015033d0efe78f42765d00c7e1bab0d2732c324fae"
    }
  ]
} as const;
