# The whole product in one image: the server, the built web app, the embedded database (PostgreSQL
# from npm's binaries, run by the server as its child; data in /data, a volume), the offline voice
# (espeak-ng's WASM build, from npm) and the built-in speech recogniser (Debian's pocketsphinx with
# its US-English model). Keys and DATABASE_URL move it to cloud voice and models, Stripe and a real
# PostgreSQL, as with `npm start` (the README lists them).
#   docker build -t practice-calls . && docker run -p 3000:3000 -v practice-data:/data practice-calls
FROM node:22-bookworm-slim

RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
     pocketsphinx pocketsphinx-en-us \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && mkdir -p /data && chown node:node /data

# PostgreSQL will not run as root: the server (and its database) run as the image's node user
USER node
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
CMD ["node", "scripts/start.mjs"]
