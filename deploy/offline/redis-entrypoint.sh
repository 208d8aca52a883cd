#!/bin/sh
# redis-server without a config file listens on every interface; protected mode off as in the official image.
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  exec setpriv --reuid=redis --regid=redis --init-groups redis-server --protected-mode no "$@"
fi
exec "$@"
