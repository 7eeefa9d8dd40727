import { request } from 'node:http';

/**
 * A POST that declares `declaredBytes` of JSON but sends only its first
 * `sentBytes` and never the rest: a server that refuses by the declared length
 * answers at once, while one that reads the body whole would wait for ever
 * (and the test would time out). Resolves with the status and body.
 */
export function postOversized(
  url: string,
  token: string,
  declaredBytes: number,
  sentBytes = 64 * 1024,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(declaredBytes),
        authorization: `Bearer ${token}`,
      },
    });
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (piece: string) => (body += piece));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close the connection once it has answered.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    req.write(`{"fileName":"huge.csv","csv":"${'positive\\n'.repeat(sentBytes / 10)}`);
  });
}
