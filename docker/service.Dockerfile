# syntax=docker/dockerfile:1
#
# One recipe for every Node service; the service is a build argument, so the
# service images cannot drift apart. Build from the repository root, which holds
# the protos and shared packages every service compiles against:
#
#   docker build -f docker/service.Dockerfile --build-arg SERVICE=identity -t identity .
#
# skaffold.yaml passes SERVICE for each image (image name = folder name).

ARG NODE_IMAGE=node:20.19-alpine

FROM ${NODE_IMAGE} AS build
ARG SERVICE
# The backend workspaces every service builds on; tools/deploy-check verifies
# that each service's @chorus/* dependencies are among them.
ARG SHARED="proto packages/contracts packages/research packages/service-kit"
RUN test -n "${SERVICE}" || (echo "--build-arg SERVICE=<folder under services/> is required" >&2 && exit 1)
# npm keeps its download cache in a BuildKit cache mount between builds.
ENV npm_config_cache=/npm-cache
WORKDIR /repo
COPY . .
# Only the workspaces this service needs, plus the root's build tools (swc).
# npm install, not npm ci: the lock file holds only linux binaries of
# platform-specific packages (see .ci/run). No install scripts: nothing a
# service needs at run time relies on one.
RUN --mount=type=cache,target=/npm-cache \
    npm install --no-fund --no-audit --ignore-scripts --include-workspace-root \
      $(for ws in ${SHARED} services/${SERVICE}; do printf -- '-w %s ' "$ws"; done)
RUN npm run build $(for ws in ${SHARED} services/${SERVICE}; do printf -- '-w %s ' "$ws"; done)

# The runtime tree: package manifests and compiled code of the service and
# the workspaces it uses, and production dependencies of the service alone.
WORKDIR /out
RUN cp /repo/package.json /repo/package-lock.json /repo/.npmrc . \
 && for ws in ${SHARED} services/${SERVICE}; do \
      mkdir -p "$ws" && cp "/repo/$ws/package.json" "$ws/" && cp -R "/repo/$ws/dist" "$ws/"; \
    done
RUN --mount=type=cache,target=/npm-cache \
    npm install --no-fund --no-audit --ignore-scripts --omit=dev -w "services/${SERVICE}"
# The start script names the entry point (node dist/main.js, node dist/src/main.js...).
RUN entry="$(node -p "require('./services/${SERVICE}/package.json').scripts.start.replace(/^node /, '')")" \
 && test -f "services/${SERVICE}/${entry}" \
 && echo "require('./services/${SERVICE}/${entry}');" > main.js

FROM ${NODE_IMAGE}
ARG SERVICE
ENV NODE_ENV=production \
    OTEL_SERVICE_NAME=${SERVICE}
WORKDIR /app
# Owned by root and read-only to the process: it runs as the image's
# unprivileged `node` user (uid 1000) and writes nothing here.
COPY --from=build /out ./
USER 1000:1000
# Health: Kubernetes probes the gRPC health service (or the gateway's
# /healthz) natively; see helm/chorus.
CMD ["node", "main.js"]
