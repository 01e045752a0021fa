import { request as httpRequest } from 'node:http';
import { startProductionServer } from '/work/h-uploads/tests/production/production-server';
import { call, MANY_CLIENTS_ENV, registerClient } from '/work/h-uploads/tests/production/load-client';
import { pdfOfBytes, pngOfBytes, jpegOfBytes } from '/work/h-uploads/tests/integration/helpers/attachment-files';
const server = await startProductionServer({ name: 'uploads-debug', env: { ...MANY_CLIENTS_ENV, WEB_CONCURRENCY: '1', LOG_LEVEL: 'debug' } });
function post(url: string, cookie: string, form: { body: Buffer; type: string }) {
  const started = performance.now();
  return new Promise<any>((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers: { Cookie: cookie, Origin: server.url, 'Content-Type': form.type, 'Content-Length': form.body.length, Accept: 'text/html' } }, (response) => {
      const ms = performance.now() - started; const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve({ status: response.statusCode, ms, body: Buffer.concat(chunks).toString('utf8').slice(0, 300) }));
    });
    request.on('error', (e) => { console.log('req error', e.message); });
    let at = 0;
    const writeMore = () => { while (at < form.body.length) { const piece = form.body.subarray(at, at + 65536); at += piece.length; if (!request.write(piece)) return void request.once('drain', writeMore); } request.end(); };
    writeMore();
  });
}
async function encode(files: Array<[Buffer,string]>) {
  const form = new FormData(); form.append('intent', 'send'); form.append('message', 'oi');
  for (const [b, n] of files) form.append('files', new File([new Uint8Array(b)], n));
  const encoded = new Response(form); return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('Content-Type')! };
}
try {
  const seats = [];
  for (let i = 0; i < 8; i++) {
    const client = await registerClient(server, 'dbg' + i + Date.now().toString(36));
    const thread = await call(server, '/api/chat/threads', { body: { subject: 'Assunto de teste' }, cookie: client.cookie });
    seats.push({ cookie: client.cookie, id: (thread.body as { id: number }).id });
  }
  console.log('warm', await post(`${server.url}/chat/${seats[0].id}`, seats[0].cookie, await encode([[pdfOfBytes(100000), 'a.pdf']])));
  for (let round = 0; round < 3; round++) {
    const forms = await Promise.all(seats.map(() => encode([[pdfOfBytes(5*1024*1024), 'a.pdf'], [pngOfBytes(5*1024*1024), 'b.png'], [jpegOfBytes(5*1024*1024), 'c.jpg']])));
    const res = await Promise.race([Promise.all(seats.map((s, i) => post(`${server.url}/chat/${s.id}`, s.cookie, forms[i]).then(a => (console.log(i, a.status, Math.round(a.ms)), a)))), new Promise(r => setTimeout(() => r('timeout'), 30000))]);
    if (res === 'timeout') { console.log('TIMEOUT'); break; }
  }
} finally { console.log(server.log().split('\n').filter(l => !l.includes('register') && !l.includes('chat.threads')).slice(-30).join('\n')); await server.stop('SIGKILL'); }
