/*
 * kafka-test-broker: a Kafka cluster for tests, built on librdkafka's mock
 * cluster (rdkafka_mock.h, checked against librdkafka 2.0.2).
 *
 * Usage: kafka-test-broker [--brokers N] [--rtt-ms MS]
 *                          [--topic name:partitions]...
 *
 * Prints one line "READY <bootstrap.servers>" on stdout, then answers line
 * commands read from stdin:
 *   topic <name> <partitions>   create a topic             -> OK | ERR <reason>
 *   down                        all brokers disconnect and
 *                               refuse new connections     -> OK | ERR <reason>
 *   up                          all brokers accept again   -> OK | ERR <reason>
 *   fail <api-key> <error> [n]  answer the next n requests
 *                               of that API (default 1)
 *                               with that error code       -> OK | ERR <reason>
 *   quit                        exit 0
 * End of stdin, SIGTERM, SIGINT and SIGHUP also exit 0, so a test runner
 * that dies never leaves a broker behind.
 *
 * What the 2.0.2 mock does (read in rdkafka_mock*.c of that tag):
 *  - Topics are auto-created with 4 partitions by any Metadata request that
 *    names an unknown topic: the mock only speaks Metadata v0-v2, which have
 *    no AllowAutoTopicCreation flag, so a client cannot opt out.
 *  - The Metadata ControllerId is always 0 while broker ids start at 1, and
 *    CreateTopics is not implemented: admin clients cannot create topics,
 *    hence the `topic` command.
 *  - down/up keep each broker's port, and all state (messages, committed
 *    offsets, groups) lives in this process, so it survives down/up.
 *  - Fetch with no data waits the full MaxWait even if data arrives.
 *  - The first JoinGroup of an empty group waits a fixed 3 s for more
 *    members; a join to a running group waits session.timeout - 1 s.
 *  - A group is complete as soon as the leader's SyncGroup arrives: a
 *    follower whose SyncGroup comes later gets INVALID_REQUEST, which
 *    kafkajs treats as fatal. DEFAULT_RTT_MS makes it rare; a member that
 *    still loses the race must be started again by its owner.
 */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

/* Every response is delayed this long. A kafkajs group leader sends a
 * Metadata request between its JoinGroup response and its SyncGroup, so the
 * delay gives the followers that much head start to send their SyncGroup
 * first (see the INVALID_REQUEST race above). Measured with two kafkajs
 * members on a loaded 2-core machine, 40 joins each: 0 ms failed 9, 1 ms
 * failed 2, 2 ms and 5 ms failed none. With the test process pinned to one
 * core shared with three busy loops, 5 ms still failed about 1 in 10. */
#define DEFAULT_RTT_MS 5

#define MAX_LINE 1024
#define MAX_TOPICS 256
#define MAX_SCANNED_FD 1024

/* librdkafka 2.0.2 can lose the wake-up of the mock cluster thread: when a
 * control operation (topic create, broker down/up, rtt) is queued just as
 * the thread finishes serving the previous one, the wake-up byte is drained
 * with the old one and the new operation waits for the thread's 1 s poll
 * timeout (measured: 7 of 40 startups that create a topic took 1 s more).
 * While an operation is in flight for more than a few milliseconds, we
 * write to the thread's wake-up pipe ourselves. The pipe is not exposed by
 * the API; see find_mock_wakeup_fd(). A wrong guess only wakes another
 * librdkafka thread, which ignores it, and leaves the 1 s delay. */
#define STALLED_OPERATION_MS 5

static pthread_mutex_t operation_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t operation_cond  = PTHREAD_COND_INITIALIZER;
static int operation_in_flight;
static int mock_wakeup_fd = -1;

struct topic_spec {
        char *name;
        int partitions;
};

static void usage(const char *argv0) {
        fprintf(stderr,
                "usage: %s [--brokers N] [--rtt-ms MS] "
                "[--topic name:partitions]...\n",
                argv0);
}

/* Strict parsing: a typo in a test's topic spec must fail loudly rather
 * than silently create a topic with 0 partitions. */
static int parse_int(const char *text, long min, long max, int *out) {
        char *end;
        long value;

        errno = 0;
        value = strtol(text, &end, 10);
        if (errno || end == text || *end != '\0' || value < min || value > max)
                return -1;
        *out = (int)value;
        return 0;
}

static int parse_topic_spec(const char *spec, struct topic_spec *topic) {
        const char *colon = strrchr(spec, ':');

        if (!colon || colon == spec)
                return -1;
        topic->name = strndup(spec, (size_t)(colon - spec));
        return parse_int(colon + 1, 1, 100000, &topic->partitions);
}

static void mark_open_fds(unsigned char *open) {
        int fd;

        for (fd = 0; fd < MAX_SCANNED_FD; fd++)
                open[fd] = fcntl(fd, F_GETFD) != -1;
}

/* rd_kafka_mock_cluster_new() creates the thread's wake-up pipe last, after
 * the internal broker's pipe and the listeners: it is the highest-numbered
 * write end of a pipe that did not exist before. */
static int find_mock_wakeup_fd(const unsigned char *open_before) {
        int fd;

        for (fd = MAX_SCANNED_FD - 1; fd >= 0; fd--) {
                struct stat st;

                if (open_before[fd] || fstat(fd, &st) == -1 ||
                    !S_ISFIFO(st.st_mode))
                        continue;
                if ((fcntl(fd, F_GETFL) & O_ACCMODE) == O_WRONLY)
                        return fd;
        }
        return -1;
}

static void *wake_stalled_operations(void *unused) {
        const struct timespec stall = {0, STALLED_OPERATION_MS * 1000000L};

        (void)unused;
        pthread_mutex_lock(&operation_lock);
        for (;;) {
                while (!operation_in_flight)
                        pthread_cond_wait(&operation_cond, &operation_lock);
                pthread_mutex_unlock(&operation_lock);
                nanosleep(&stall, NULL);
                pthread_mutex_lock(&operation_lock);
                /* A full pipe (EAGAIN) already holds a pending wake-up. */
                if (operation_in_flight && write(mock_wakeup_fd, "w", 1) == -1)
                        continue;
        }
        return NULL;
}

static void set_operation_in_flight(int in_flight) {
        pthread_mutex_lock(&operation_lock);
        operation_in_flight = in_flight;
        pthread_cond_signal(&operation_cond);
        pthread_mutex_unlock(&operation_lock);
}

/* Every answer is flushed at once: the controlling process waits on it. */
static int reply(const char *fmt, ...) {
        va_list ap;
        int ok;

        va_start(ap, fmt);
        ok = vprintf(fmt, ap) >= 0;
        va_end(ap);
        ok = ok && putchar('\n') != EOF && fflush(stdout) == 0;
        return ok ? 0 : -1;
}

static rd_kafka_resp_err_t create_topic(rd_kafka_mock_cluster_t *mcluster,
                                        int broker_count,
                                        const char *name,
                                        int partitions) {
        rd_kafka_resp_err_t err;

        set_operation_in_flight(1);
        /* A replica on every broker, as a real cluster of this size would
         * have; the mock caps the replica count at 3 by itself. */
        err = rd_kafka_mock_topic_create(mcluster, name, partitions,
                                         broker_count);
        set_operation_in_flight(0);
        return err;
}

/* Broker id -1 addresses every broker of the cluster. */
static rd_kafka_resp_err_t set_brokers_up(rd_kafka_mock_cluster_t *mcluster,
                                          int up) {
        rd_kafka_resp_err_t err;

        set_operation_in_flight(1);
        err = up ? rd_kafka_mock_broker_set_up(mcluster, -1)
                 : rd_kafka_mock_broker_set_down(mcluster, -1);
        set_operation_in_flight(0);
        return err;
}

static rd_kafka_resp_err_t set_rtt(rd_kafka_mock_cluster_t *mcluster,
                                   int rtt_ms) {
        rd_kafka_resp_err_t err;

        set_operation_in_flight(1);
        err = rd_kafka_mock_broker_set_rtt(mcluster, -1, rtt_ms);
        set_operation_in_flight(0);
        return err;
}

/* The next `count` requests of one API (any broker) are answered with
 * `error` instead of being served: a fault a test can ask for. */
static void fail_requests(rd_kafka_mock_cluster_t *mcluster,
                          int api_key,
                          int error,
                          int count) {
        rd_kafka_resp_err_t errors[1000];
        int i;

        for (i = 0; i < count; i++)
                errors[i] = (rd_kafka_resp_err_t)error;
        rd_kafka_mock_push_request_errors_array(mcluster, (int16_t)api_key,
                                                (size_t)count, errors);
}

/* Returns 0 to go on, 1 when asked to quit, -1 when stdout is gone. */
static int run_command(rd_kafka_mock_cluster_t *mcluster,
                       int broker_count,
                       char *line) {
        const char *separators = " \t\r";
        char *verb             = strtok(line, separators);
        rd_kafka_resp_err_t err;

        if (!verb)
                return reply("ERR empty command");

        if (!strcmp(verb, "quit"))
                return 1;

        if (!strcmp(verb, "down") || !strcmp(verb, "up")) {
                err = set_brokers_up(mcluster, !strcmp(verb, "up"));
                return err ? reply("ERR %s", rd_kafka_err2str(err))
                           : reply("OK");
        }

        if (!strcmp(verb, "topic")) {
                char *name            = strtok(NULL, separators);
                char *partitions_text = strtok(NULL, separators);
                int partitions;

                if (!name || !partitions_text || strtok(NULL, separators) ||
                    parse_int(partitions_text, 1, 100000, &partitions))
                        return reply("ERR usage: topic <name> <partitions>");

                err = create_topic(mcluster, broker_count, name, partitions);
                return err ? reply("ERR %s", rd_kafka_err2str(err))
                           : reply("OK");
        }

        if (!strcmp(verb, "fail")) {
                char *api_key_text = strtok(NULL, separators);
                char *error_text   = strtok(NULL, separators);
                char *count_text   = strtok(NULL, separators);
                int api_key, error, count = 1;

                if (!api_key_text || !error_text ||
                    strtok(NULL, separators) ||
                    parse_int(api_key_text, 0, 32767, &api_key) ||
                    parse_int(error_text, 1, 32767, &error) ||
                    (count_text && parse_int(count_text, 1, 1000, &count)))
                        return reply(
                            "ERR usage: fail <api-key> <error> [count]");

                fail_requests(mcluster, api_key, error, count);
                return reply("OK");
        }

        return reply("ERR unknown command %s", verb);
}

/* Serves stdin until quit, EOF or a termination signal. Polling stdin
 * together with a signalfd leaves no window where a signal arrives just
 * before a blocking read and goes unnoticed. */
static void serve_commands(rd_kafka_mock_cluster_t *mcluster,
                           int broker_count,
                           int signal_fd) {
        char buffer[MAX_LINE];
        size_t used = 0;

        for (;;) {
                struct pollfd fds[2] = {{.fd = STDIN_FILENO, .events = POLLIN},
                                        {.fd = signal_fd, .events = POLLIN}};
                ssize_t got;
                char *newline;

                if (poll(fds, 2, -1) == -1) {
                        if (errno == EINTR)
                                continue;
                        perror("kafka-test-broker: poll");
                        return;
                }

                if (fds[1].revents)
                        return;

                got = read(STDIN_FILENO, buffer + used,
                           sizeof(buffer) - 1 - used);
                if (got == -1 && errno == EINTR)
                        continue;
                if (got <= 0)
                        return;
                used += (size_t)got;
                buffer[used] = '\0';

                while ((newline = strchr(buffer, '\n'))) {
                        size_t consumed = (size_t)(newline - buffer) + 1;

                        *newline = '\0';
                        if (run_command(mcluster, broker_count, buffer) != 0)
                                return;
                        memmove(buffer, buffer + consumed, used - consumed + 1);
                        used -= consumed;
                }

                if (used == sizeof(buffer) - 1) {
                        fputs("kafka-test-broker: command too long\n", stderr);
                        return;
                }
        }
}

int main(int argc, char **argv) {
        struct topic_spec topics[MAX_TOPICS];
        int topic_count  = 0;
        int broker_count = 1;
        int rtt_ms       = DEFAULT_RTT_MS;
        char errstr[512];
        rd_kafka_conf_t *conf;
        rd_kafka_t *rk;
        rd_kafka_mock_cluster_t *mcluster;
        rd_kafka_resp_err_t err;
        sigset_t termination;
        unsigned char open_before_cluster[MAX_SCANNED_FD];
        pthread_t waker;
        int signal_fd;
        int i;

        for (i = 1; i < argc; i++) {
                int has_value = i + 1 < argc;

                if (has_value && !strcmp(argv[i], "--brokers")) {
                        if (parse_int(argv[++i], 1, 100, &broker_count))
                                goto bad_usage;
                } else if (has_value && !strcmp(argv[i], "--rtt-ms")) {
                        if (parse_int(argv[++i], 0, 60000, &rtt_ms))
                                goto bad_usage;
                } else if (has_value && !strcmp(argv[i], "--topic") &&
                           topic_count < MAX_TOPICS) {
                        if (parse_topic_spec(argv[++i], &topics[topic_count++]))
                                goto bad_usage;
                } else {
                        goto bad_usage;
                }
        }

        /* Blocked before any librdkafka thread exists, so that every thread
         * inherits the mask and the signals reach only the signalfd. */
        sigemptyset(&termination);
        sigaddset(&termination, SIGTERM);
        sigaddset(&termination, SIGINT);
        sigaddset(&termination, SIGHUP);
        if (sigprocmask(SIG_BLOCK, &termination, NULL) == -1 ||
            (signal_fd = signalfd(-1, &termination, SFD_CLOEXEC)) == -1) {
                perror("kafka-test-broker: signals");
                return 1;
        }
        /* A vanished controller must show as a write error, not a crash. */
        signal(SIGPIPE, SIG_IGN);

        /* This rd_kafka_t only hosts the mock cluster; it never connects. */
        conf = rd_kafka_conf_new();
        if (rd_kafka_conf_set(conf, "client.id", "kafka-test-broker", errstr,
                              sizeof(errstr)) != RD_KAFKA_CONF_OK ||
            rd_kafka_conf_set(conf, "log_level", "4", errstr,
                              sizeof(errstr)) != RD_KAFKA_CONF_OK ||
            !(rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr,
                                sizeof(errstr)))) {
                fprintf(stderr, "kafka-test-broker: %s\n", errstr);
                return 1;
        }

        mark_open_fds(open_before_cluster);
        mcluster = rd_kafka_mock_cluster_new(rk, broker_count);
        if (!mcluster) {
                fprintf(stderr,
                        "kafka-test-broker: cannot create mock cluster\n");
                return 1;
        }
        mock_wakeup_fd = find_mock_wakeup_fd(open_before_cluster);
        if (mock_wakeup_fd != -1 &&
            pthread_create(&waker, NULL, wake_stalled_operations, NULL) != 0)
                mock_wakeup_fd = -1;

        if (rtt_ms > 0 && (err = set_rtt(mcluster, rtt_ms))) {
                fprintf(stderr, "kafka-test-broker: setting rtt: %s\n",
                        rd_kafka_err2str(err));
                return 1;
        }

        for (i = 0; i < topic_count; i++) {
                err = create_topic(mcluster, broker_count, topics[i].name,
                                   topics[i].partitions);
                if (err) {
                        fprintf(stderr,
                                "kafka-test-broker: creating topic %s: %s\n",
                                topics[i].name, rd_kafka_err2str(err));
                        return 1;
                }
        }

        if (reply("READY %s", rd_kafka_mock_cluster_bootstraps(mcluster)) ==
            0)
                serve_commands(mcluster, broker_count, signal_fd);

        /* No rd_kafka_mock_cluster_destroy(): it sometimes stalls for a full
         * second (an internal 1 s poll), and all it would release is memory
         * and sockets that the kernel reclaims at exit anyway. */
        fflush(stdout);
        _exit(0);

bad_usage:
        usage(argv[0]);
        return 2;
}
