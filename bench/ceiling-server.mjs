// The ceiling: a raw node:http server answering 10 KB of HTML, nothing else (no framework, no database).
import http from 'node:http';

const SIZE = 10 * 1024;
const row = '<li class="item">Calculadora de torque e di&acirc;metro m&iacute;nimo de eixo - E-Engenharia</li>\n';
const head = '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Teto</title></head><body><ul>\n';
const tail = '</ul></body></html>';
let rows = '';
while (head.length + rows.length + row.length + tail.length <= SIZE) rows += row;
const body = Buffer.from(head + rows + ' '.repeat(SIZE - head.length - rows.length - tail.length) + tail, 'ascii');

const server = http.createServer((request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
  response.end(body);
});
server.listen(Number(process.env.PORT || 3200), process.env.HOST || '127.0.0.1', () => {
  console.log(`ceiling: ${body.length} bytes em http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)));
