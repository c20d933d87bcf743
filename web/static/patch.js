// Version 2 of the table's socket (docs/protocol.md): the first state is
// whole, each later one a JSON Patch (RFC 6902) to it, with the hash of
// the state it changes; a change to another state than ours means one
// was missed, and the whole state is asked for again.

// applyPatch returns a new document: doc with ops applied (doc itself is
// left as it was). An added member goes last, and a member moved to its
// own place goes last, as the server counts on.
export function applyPatch(doc, ops) {
  let root = structuredClone(doc);
  for (const op of ops) {
    if (op.path === '') {
      if (op.op !== 'replace') throw new Error(`cannot ${op.op} the document`);
      root = structuredClone(op.value);
      continue;
    }
    const keys = op.path.slice(1).split('/').map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
    const last = keys.pop();
    let parent = root;
    for (const k of keys) {
      if (parent === null || typeof parent !== 'object' || !(k in parent)) throw new Error(`no ${op.path}`);
      parent = parent[k];
    }
    setAt(parent, op, last);
  }
  return root;
}

function setAt(parent, op, key) {
  if (Array.isArray(parent)) {
    const i = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(i) || i < 0 || i > parent.length) throw new Error(`no ${op.path}`);
    switch (op.op) {
      case 'add': parent.splice(i, 0, op.value); return;
      case 'replace': parent[i] = op.value; return;
      case 'remove': parent.splice(i, 1); return;
    }
  } else {
    switch (op.op) {
      case 'add': delete parent[key]; parent[key] = op.value; return;
      case 'replace': parent[key] = op.value; return;
      case 'remove': delete parent[key]; return;
      case 'move': {
        if (op.from !== op.path) break;
        const v = parent[key];
        delete parent[key];
        parent[key] = v;
        return;
      }
    }
  }
  throw new Error(`cannot ${op.op} ${op.path}`);
}

// stateStream turns the socket's version 2 messages into whole states:
// next(msg) returns the state message to show (events included), or
// null when there is none, having called resync when the client is to
// ask for the whole state again.
export function stateStream(resync) {
  let doc = null;
  let hash = '';
  let waiting = false;
  return function next(msg) {
    if (msg.type === 'state') {
      const {events, hash: h, ...rest} = msg;
      doc = rest;
      hash = h || '';
      waiting = false;
      return msg;
    }
    if (msg.type !== 'patch' || waiting) return null;
    try {
      if (!doc || msg.base !== hash) throw new Error('a change was missed');
      doc = applyPatch(doc, msg.patch);
      hash = msg.hash;
      return {...doc, events: msg.events};
    } catch {
      waiting = true;
      resync();
      return null;
    }
  };
}
