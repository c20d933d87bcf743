// boardgame.io's own server with Cardline: the lobby REST API
// (/games/cardline/create, …/join) and the game over socket.io, on one port.
// Storage is boardgame.io's default, in memory: nothing is written to disk.
//
//   node server.js [--port 8000]      (or PORT=8000 node server.js)
//
// NODE_ENV defaults to production, as a deployment would run it.

'use strict';

process.env.NODE_ENV = process.env.NODE_ENV || 'production';

const { Server, Origins } = require('boardgame.io/server');
const { Cardline, PACK } = require('./cardline');

function arg(name, def) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1];
    if (args[i].startsWith(`--${name}=`)) return args[i].slice(name.length + 3);
  }
  return def;
}

const port = Number(arg('port', process.env.PORT || 8000));
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`server.js: bad port ${JSON.stringify(arg('port'))}`);
  process.exit(2);
}

const server = Server({ games: [Cardline], origins: [Origins.LOCALHOST] });

server.run(port).then(({ appServer }) => {
  const addr = appServer.address();
  console.error(`boardgame.io server: Cardline (${PACK.cards.length} cards), in-memory storage, port ${addr.port}, pid ${process.pid}`);
});

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
