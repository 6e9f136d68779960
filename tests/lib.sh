# Shared by the shell tests (POSIX sh): a scratch directory removed on exit, the pass/fail
# counters, and the closing line that meson's log shows.
# usage: . "$(dirname "$0")/lib.sh"; scratch; ... cond && ok || bad "why"; ... finish NAME
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}
# sets tmp to a new directory that the shell removes when it exits, and XDG_CONFIG_HOME in it
scratch() {
    tmp=$(mktemp -d) || exit 1
    trap 'rm -rf "$tmp"' EXIT
    # the tester's own options file (~/.config/vfview/vfview.conf) and keys stay out of the way
    export XDG_CONFIG_HOME="$tmp/config"
}
# the summary line; the status meson reads
finish() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
