#!/usr/bin/env bash
# Prepares a fresh machine for `npm test` (called by scripts/test.sh; safe to run again):
#  - the browser tests need Chromium: Debian's package `chromium` at /usr/bin/chromium, or the
#    browser named in CHROMIUM_PATH. Installed with apt-get when we are root, else we stop and say so.
#  - a local PostgreSQL cluster that is installed but not running is started (the integration
#    tests also run against PostgreSQL on 127.0.0.1:5432; scripts/test.sh decides whether they must).
set -euo pipefail

if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ] && [ ! -x /usr/bin/chromium-browser ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing Debian's chromium for the browser tests"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium at /usr/bin/chromium: install the Debian package 'chromium'" >&2
    echo "(as root: apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
    exit 1
  fi
fi

if command -v pg_ctlcluster >/dev/null 2>&1 && command -v pg_isready >/dev/null 2>&1 && [ -d /etc/postgresql ] && ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  version="$(ls /etc/postgresql | head -n 1)"
  echo "== starting the local PostgreSQL $version cluster"
  # Not fatal here: scripts/test.sh says whether these tests may go without PostgreSQL.
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do
    pg_isready -h 127.0.0.1 -p 5432 -q && break
    sleep 1
  done
  pg_isready -h 127.0.0.1 -p 5432 -q || echo "PostgreSQL $version does not answer on 127.0.0.1:5432 after 30 s." >&2
fi
