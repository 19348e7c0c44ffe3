#!/usr/bin/env bash
# The real-software suite (npm run test:real) needs Varnish, Squid and openssl from the Debian/Ubuntu
# packages varnish, squid and openssl. This installs them when varnishd or squid is missing: as root
# with apt-get (what .ci/run does on a fresh CI machine), else it says what to run. The tests start
# their own instances on loopback ports and never use the services the packages may start.
set -euo pipefail

found() { command -v "$1" > /dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/usr/local/sbin/$1" ] || [ -x "/sbin/$1" ]; }

# The squid package ships an AppArmor profile that lets /usr/sbin/squid touch only its own paths
# (/etc/squid, /var/log/squid, ...). Debian leaves it disabled; where it is loaded in enforce mode, the
# Squid a test starts could not read its configuration in its temporary folder: allow those folders.
allow_test_folders() {
  local profiles=/sys/kernel/security/apparmor/profiles
  { [ -r "$profiles" ] && grep -q '^/usr/sbin/squid (enforce)' "$profiles"; } || return 0
  local rules=/etc/apparmor.d/local/usr.sbin.squid
  local folders="${TMPDIR:-/tmp}/cdn-purge-squid-*"
  if ! grep -qF "$folders/** rwk," "$rules" 2> /dev/null; then
    mkdir -p "$(dirname "$rules")"
    printf '# npm run test:real (cdn-purge-action): the Squid instances the tests start\n%s/ r,\n%s/** rwk,\n' "$folders" "$folders" >> "$rules"
  fi
  apparmor_parser -r /etc/apparmor.d/usr.sbin.squid
  echo "AppArmor: squid may use $folders."
}

if found varnishd && found squid && found openssl; then
  echo "varnishd, squid and openssl are installed."
  [ "$(id -u)" -ne 0 ] || allow_test_folders
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "The real-software suite needs the packages varnish, squid and openssl: sudo apt-get install -y varnish squid openssl" >&2
  exit 1
fi
if ! command -v apt-get > /dev/null 2>&1; then
  echo "No apt-get here: install Varnish, Squid and openssl with this system's package manager." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y varnish squid openssl
allow_test_folders
