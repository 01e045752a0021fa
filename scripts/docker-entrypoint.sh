#!/bin/sh
# The image's entrypoint: Fly mounts the volume owned by root, so as root this hands the database's
# directory to the `node` user, raises the open-file limit (one descriptor per event stream, see
# fly.toml's hard_limit), and then runs the command (`npm start`) as `node`, with exec all the way
# down so fly.toml's kill_signal reaches server.js.
set -e
if [ "$(id -u)" = "0" ]; then
  data_dir="$(dirname "${DATABASE_URL#file:}")"
  mkdir -p "$data_dir"
  chown node:node "$data_dir"
  ulimit -n 65536 || true
  # npm keeps its logs and cache under HOME: node's own, not root's.
  export HOME=/home/node
  exec setpriv --reuid=node --regid=node --init-groups "$@"
fi
exec "$@"
