#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (Playwright cannot download its own browser here).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium não encontrado: instalando o pacote 'chromium' do Debian..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium não encontrado em $CHROMIUM." >&2
echo "Instale-o com: sudo apt-get install -y chromium (ou defina CHROMIUM_PATH)." >&2
exit 1
