#!/usr/bin/env bash
# A private RabbitMQ node for PriorityLab's tests and demos.
#
# Usage: scripts/broker.sh start|stop|status|url
#   start   starts a node that belongs to this checkout: its own node name, free ports on
#           127.0.0.1 (AMQP, Erlang distribution and its own epmd), data and logs in a temporary
#           folder. Prints the AMQP URL on stdout. Installs rabbitmq-server if missing.
#   stop    stops that node and its epmd, by process id (never by a name), removes its folder.
#   status  says whether it runs (exit 0) or not (exit 3), with its URL and process id.
#   url     prints the URL of the running node (exit 3 when none runs).
#
# The node's facts are kept in build/broker/state (a file of shell assignments), so stop and
# status find it again. Nothing else on the machine is touched: a system RabbitMQ or another
# checkout's node keeps running.
#
# Facts (Debian 12, rabbitmq-server 3.10): /usr/sbin/rabbitmq-server drops privileges to the
# rabbitmq user, so this script runs /usr/lib/rabbitmq/bin/rabbitmq-server itself, as the
# rabbitmq user when started as root, with folders owned by that user. A node starts in about
# 5 s and uses about 150 MB.
set -euo pipefail

# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

state_dir="$PRIORITYLAB_ROOT/build/broker"
state_file="$state_dir/state"
rabbit_bin=/usr/lib/rabbitmq/bin

# Loads the state file when it exists; returns 1 when there is none.
load_state() {
    [[ -f "$state_file" ]] || return 1
    # shellcheck disable=SC1090
    source "$state_file"
}

# is_ours PID: the process exists and belongs to this node (its environment names our folder).
is_ours() {
    local pid="$1"
    [[ -n "$pid" && -r "/proc/$pid/environ" ]] || return 1
    { tr "\\0" "\\n" <"/proc/$pid/environ"; } 2>/dev/null | grep -qx "RABBITMQ_MNESIA_BASE=$BROKER_DIR/mnesia"
}

# port_free PORT: nothing listens on 127.0.0.1:PORT.
port_free() {
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# as_node CMD...: runs CMD with the node's environment, as the user that owns the node.
as_node() {
    local envs=(HOME="$BROKER_DIR/home" ERL_EPMD_PORT="$BROKER_EPMD_PORT"
                RABBITMQ_NODENAME="$BROKER_NODE" RABBITMQ_NODE_PORT="$BROKER_PORT"
                RABBITMQ_DIST_PORT="$BROKER_DIST_PORT"
                RABBITMQ_MNESIA_BASE="$BROKER_DIR/mnesia" RABBITMQ_LOG_BASE="$BROKER_DIR/log"
                RABBITMQ_FEATURE_FLAGS_FILE="$BROKER_DIR/feature_flags"
                RABBITMQ_ENABLED_PLUGINS_FILE="$BROKER_DIR/enabled_plugins"
                RABBITMQ_CONFIG_FILE="$BROKER_DIR/rabbitmq.conf"
                RABBITMQ_PID_FILE="$BROKER_DIR/pid")
    if [[ "$(id -u)" -eq 0 ]]; then
        setpriv --reuid rabbitmq --regid rabbitmq --init-groups -- env "${envs[@]}" "$@"
    else
        env "${envs[@]}" "$@"
    fi
}

write_state() {
    {
        printf 'BROKER_PID=%q\nBROKER_DIR=%q\nBROKER_PORT=%q\nBROKER_DIST_PORT=%q\n' \
            "$BROKER_PID" "$BROKER_DIR" "$BROKER_PORT" "$BROKER_DIST_PORT"
        printf 'BROKER_EPMD_PORT=%q\nBROKER_NODE=%q\nBROKER_URL=%q\n' \
            "$BROKER_EPMD_PORT" "$BROKER_NODE" "$BROKER_URL"
    } >"$state_file"
}

cmd_start() {
    if load_state && is_ours "${BROKER_PID:-}"; then
        pl_log "the private broker already runs (pid $BROKER_PID)"
        echo "$BROKER_URL"
        return 0
    fi
    pl_ensure_packages rabbitmq-server
    mkdir -p "$state_dir"

    # Three free ports: AMQP, the Erlang distribution port and a private epmd.
    local port="" base
    for _ in $(seq 1 50); do
        base=$((20000 + RANDOM % 20000))
        if port_free "$base" && port_free "$((base + 20000))" && port_free "$((base + 1))"; then
            port="$base"
            break
        fi
    done
    [[ -n "$port" ]] || pl_die "no free port found on 127.0.0.1 for the private broker"

    BROKER_DIR="$(mktemp -d /tmp/prioritylab-broker.XXXXXX)"
    BROKER_PORT="$port"
    BROKER_DIST_PORT="$((port + 20000))"
    BROKER_EPMD_PORT="$((port + 1))"
    BROKER_NODE="prioritylab-$port@localhost"
    BROKER_URL="amqp://guest:guest@127.0.0.1:$port/"
    mkdir -p "$BROKER_DIR"/{home,mnesia,log}
    printf 'listeners.tcp.default = 127.0.0.1:%s\nloopback_users.guest = true\n' "$port" \
        >"$BROKER_DIR/rabbitmq.conf"
    echo '[].' >"$BROKER_DIR/enabled_plugins"
    # The CLI and the node share this cookie (both run with HOME=$BROKER_DIR/home).
    head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$BROKER_DIR/home/.erlang.cookie"
    chmod 400 "$BROKER_DIR/home/.erlang.cookie"
    if [[ "$(id -u)" -eq 0 ]]; then
        chown -R rabbitmq:rabbitmq "$BROKER_DIR"
    fi

    pl_log "starting a private RabbitMQ node $BROKER_NODE on 127.0.0.1:$port (folder $BROKER_DIR)"
    as_node "$rabbit_bin/rabbitmq-server" >"$state_dir/server.out" 2>&1 &
    BROKER_PID=$!   # the launcher until the node writes its own process id
    write_state

    # rabbitmqctl wait PIDFILE waits for the pid file and then for the node to boot.
    if ! as_node timeout 120 "$rabbit_bin/rabbitmqctl" -n "$BROKER_NODE" -q wait "$BROKER_DIR/pid" \
        >>"$state_dir/server.out" 2>&1; then
        pl_log "the private broker did not start; its output:"
        tail -n 30 "$state_dir/server.out" >&2 || true
        kill -TERM "$BROKER_PID" 2>/dev/null || true   # the launcher we just started
        cmd_stop || true
        exit 1
    fi
    BROKER_PID="$(cat "$BROKER_DIR/pid")"   # the Erlang VM's own process id
    write_state
    echo "$BROKER_URL"
}

cmd_stop() {
    if ! load_state; then
        pl_log "no private broker was started from this checkout"
        return 0
    fi
    # The VM's process id, also when start was interrupted before the state held it.
    if ! is_ours "${BROKER_PID:-}" && [[ -f "$BROKER_DIR/pid" ]]; then
        BROKER_PID="$(cat "$BROKER_DIR/pid")"
    fi
    if is_ours "${BROKER_PID:-}"; then
        pl_log "stopping the private broker (pid $BROKER_PID)"
        # RabbitMQ 3.10 shuts down cleanly on SIGTERM (faster than starting rabbitmqctl).
        kill -TERM "$BROKER_PID" 2>/dev/null || true
        for _ in $(seq 1 300); do
            kill -0 "$BROKER_PID" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$BROKER_PID" 2>/dev/null || true
    fi
    # The node's own epmd (it listens on our private port only): ask it to stop, then make sure
    # by the process id that owns that port.
    ERL_EPMD_PORT="$BROKER_EPMD_PORT" epmd -kill >/dev/null 2>&1 || true
    local pid
    for pid in $(pgrep -x epmd 2>/dev/null || true); do
        if { tr "\\0" "\\n" <"/proc/$pid/environ"; } 2>/dev/null | grep -qx "ERL_EPMD_PORT=$BROKER_EPMD_PORT"; then
            kill -TERM "$pid" 2>/dev/null || true
        fi
    done
    case "$BROKER_DIR" in
    /tmp/prioritylab-broker.*) rm -rf "$BROKER_DIR" ;;
    esac
    rm -f "$state_file"
}

cmd_status() {
    if load_state && is_ours "${BROKER_PID:-}"; then
        echo "running: $BROKER_URL (node $BROKER_NODE, pid $BROKER_PID, folder $BROKER_DIR)"
        return 0
    fi
    echo "not running"
    return 3
}

cmd_url() {
    if load_state && is_ours "${BROKER_PID:-}"; then
        echo "$BROKER_URL"
        return 0
    fi
    return 3
}

case "${1:-}" in
start) cmd_start ;;
stop) cmd_stop ;;
status) cmd_status ;;
url) cmd_url ;;
*)
    echo "usage: scripts/broker.sh start|stop|status|url" >&2
    exit 2
    ;;
esac
