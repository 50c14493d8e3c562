#!/usr/bin/env node
// An independent verifier of a Coinreel proof of liabilities (scheme coinreel-pol-v1), for anyone to read and run:
// plain JavaScript, Node.js 18 or later, nothing but node:crypto and node:fs. It does not share a line with the
// site's own code, so a mistake there does not repeat here.
//
//   node scripts/solvency-verify.mjs SNAPSHOT.json --nonce YOUR_ACCOUNT_NONCE
//
// SNAPSHOT.json is a file saved from https://<site>/solvency/<id>.json; the nonce is on your Profile Settings.
// It finds your leaves, rebuilds the whole tree from the bottom row, and compares it with the published root.
// Exit code 0: your balance is in the total; 1: a check failed (the message says which); 2: bad input.
// The file is read whole; for snapshots of many hundreds of megabytes use `coinreel solvency verify`, which streams.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const SCHEME = 'coinreel-pol-v1';

/** u64be(n): n as 8 bytes, big-endian. Values are whole cents. */
function u64be(n) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

/** u32be(n): n as 4 bytes, big-endian. */
function u32be(n) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

const hmac = (key, message) => createHmac('sha256', key).update(message).digest();
const sha256 = (data) => createHash('sha256').update(data).digest();

/** subNonce = HMAC-SHA256(key = accountNonce, message = "coinreel-pol-v1:" + id) */
const subNonceOf = (accountNonce, id) => hmac(accountNonce, Buffer.from(`${SCHEME}:${id}`, 'ascii'));

/** leaf i of a player: digest = HMAC-SHA256(key = subNonce, message = u64be(value) ‖ u32be(i)) */
const leafDigest = (subNonce, value, i) => hmac(subNonce, Buffer.concat([u64be(value), u32be(i)]));

/** a parent: SHA-256(left.digest ‖ u64be(left.value) ‖ right.digest ‖ u64be(right.value)), value = the sum */
function parent(left, right) {
  const digest = sha256(Buffer.concat([left.digest, u64be(left.value), right.digest, u64be(right.value)]));
  return { digest, value: left.value + right.value };
}

/** The root of the tree over the bottom row; an odd row first gets a pad node (32 zero bytes, value 0). */
function rootOf(bottom) {
  let row = bottom;
  while (row.length > 1) {
    if (row.length % 2 === 1) row = [...row, { digest: Buffer.alloc(32), value: 0n }];
    const next = [];
    for (let j = 0; j < row.length; j += 2) next.push(parent(row[j], row[j + 1]));
    row = next;
  }
  return row[0];
}

function fail(step, message) {
  console.log(`FAILED at step ${step}: ${message}`);
  process.exit(1);
}

function usage(message) {
  console.error(`${message}\nusage: node scripts/solvency-verify.mjs SNAPSHOT.json --nonce YOUR_ACCOUNT_NONCE`);
  process.exit(2);
}

const dollars = (cents) => `$${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`;

// 1. Input: the file and the nonce.
const args = process.argv.slice(2);
const at = args.indexOf('--nonce');
const nonceHex = at >= 0 ? String(args[at + 1] ?? '').toLowerCase() : '';
const file = args.filter((_, i) => i !== at && i !== at + 1)[0];
if (!file) usage('Give the snapshot file.');
if (!/^[0-9a-f]{64}$/.test(nonceHex)) usage('--nonce must be 64 characters, 0-9 and a-f.');
const accountNonce = Buffer.from(nonceHex, 'hex');

// 2. Format: the file must be a coinreel-pol-v1 snapshot with well-formed leaves.
let snapshot;
try {
  snapshot = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  fail('format', `${file} is not readable JSON (${e.message})`);
}
if (snapshot.version !== SCHEME) fail('format', `version is ${JSON.stringify(snapshot.version)}, not ${SCHEME}`);
if (!Array.isArray(snapshot.leaves) || snapshot.leaves.length === 0) fail('format', 'there are no leaves');
const bottom = snapshot.leaves.map((leaf, n) => {
  const ok = Array.isArray(leaf) && leaf.length === 2 && /^[0-9a-f]{64}$/.test(leaf[0]) && Number.isSafeInteger(leaf[1]) && leaf[1] >= 0;
  if (!ok) fail('format', `leaf ${n} is not ["<64 hex digits>", <whole cents>]`);
  return { digest: Buffer.from(leaf[0], 'hex'), value: BigInt(leaf[1]) };
});

// 3. Your leaves: every leaf whose digest is HMAC(subNonce, u64be(its value) ‖ u32be(i)) for some i from 0 to 7.
const subNonce = subNonceOf(accountNonce, snapshot.id);
const mine = [];
bottom.forEach((leaf, position) => {
  for (let i = 0; i < 8; i++) {
    if (leafDigest(subNonce, leaf.value, i).equals(leaf.digest)) {
      mine.push({ position, index: i, value: leaf.value });
      break;
    }
  }
});
if (mine.length === 0) fail('leaves', 'no leaf was made with this nonce: the nonce is not yours, or your balance is not in this snapshot');
const indexes = mine.map((m) => m.index).sort((a, b) => a - b);
const k = indexes.length;
if (k < 2 || indexes.some((i, n) => i !== n)) fail('leaves', `your leaves should be numbered 0 to k-1 with k from 2 to 8; found ${indexes.join(', ')}`);

// 4. The tree: rebuilt from the whole bottom row, it must give the published root, digest and value.
const root = rootOf(bottom);
if (root.digest.toString('hex') !== snapshot.root?.digest) fail('tree', `the leaves give root ${root.digest.toString('hex')}, the file says ${snapshot.root?.digest}`);
if (root.value !== BigInt(snapshot.root?.value ?? -1)) fail('tree', `the leaves add up to ${dollars(root.value)}, the file says ${snapshot.root?.value} cents`);

// 5. Done.
const yours = mine.reduce((s, m) => s + m.value, 0n);
for (const m of mine.sort((a, b) => a.index - b.index)) console.log(`  your leaf ${m.index}: position ${m.position}, ${dollars(m.value)}`);
console.log(`OK  Your ${dollars(yours)} on ${snapshot.createdAt} is included in the total of ${dollars(root.value)} (snapshot ${snapshot.id}, root ${snapshot.root.digest}).`);
