# syntax=docker/dockerfile:1
#
# One recipe for the shell and every microfrontend: webpack builds the app,
# an unprivileged nginx serves the static files. Build from the repository
# root (the apps compile against packages/):
#
#   docker build -f docker/web.Dockerfile --build-arg APP=mfe-products -t mfe-products .
#
# The shell is served at /, a microfrontend mfe-<name> under /mfe/<name>/,
# the paths the Ingress routes to it. mfe-share's index.html is also the
# image's /index.html: the Ingress sends it /share/..., /compare/... and /survey/..., which
# nginx answers with that page.

ARG NODE_IMAGE=node:20.19-alpine
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.29-alpine

FROM ${NODE_IMAGE} AS build
ARG APP
RUN test -n "${APP}" || (echo "--build-arg APP=<shell or mfe-name> is required" >&2 && exit 1)
# npm keeps its download cache in a BuildKit cache mount between builds.
ENV npm_config_cache=/npm-cache
WORKDIR /repo
COPY . .
RUN --mount=type=cache,target=/npm-cache \
    npm install --no-fund --no-audit --ignore-scripts
RUN npm run build -w "${APP}"
RUN case "${APP}" in \
      mfe-*) site="/site/mfe/${APP#mfe-}" ;; \
      *) site="/site" ;; \
    esac \
 && mkdir -p "${site}" && cp -R "${APP}/dist/." "${site}/" \
 && if [ "${APP}" = mfe-share ]; then cp "${APP}/dist/index.html" /site/index.html; fi

FROM ${NGINX_IMAGE}
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /site /usr/share/nginx/html
# nginx-unprivileged's own user, by number so the kubelet can verify non-root.
USER 101
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
