# billing serve as a service container for CI jobs in any language (README "Test your
# integration"), from the published package. UNTESTED HERE: the machine this was written on has
# no container runtime to build or run it; test/cli/commands/serve/dockerfile.test.ts checks only
# that its command line is one `billing serve` accepts.
#
#   docker build -t billing-sandbox .                  # or --build-arg BILLING_VERSION=0.1.0
#   docker run --rm -p 8787:8787 billing-sandbox       # prints one JSON line: url, token, ids
#
# As a CI service named `billing`, it answers to http://billing:8787 (--allowed-host below) and,
# port-mapped, to http://localhost:8787. Add --seed empty --fixtures /fixtures/shop.json (mount
# the file) for your own catalogue instead of the demo data.
FROM node:24-slim
ARG BILLING_VERSION=latest
RUN npm install --global --no-audit --no-fund "billing@${BILLING_VERSION}" \
  && npm cache clean --force
USER node
EXPOSE 8787
ENTRYPOINT ["billing", "serve"]
CMD ["--host", "0.0.0.0", "--port", "8787", "--allowed-host", "billing", "--json", "--quiet"]
