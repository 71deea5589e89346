package io.paypipe.bench.report;

import io.paypipe.core.topic.Topics;

/**
 * The fixed prose of docs/benchmarks.md (the page the benchmark writes) around the
 * measured tables.
 */
final class BenchmarksPageProse {

    private BenchmarksPageProse() {
    }

    static final String HEADER = """
            # Benchmarks

            _This file is written by the benchmark driver (`./paypipe bench`); edit
            `infra/bench/.../report/BenchmarksPageProse.java`, not this file. The JSON of the same run is
            [benchmarks.json](benchmarks.json)._

            ## How to run it

            ```
            ./paypipe bench                 # starts the product (./paypipe run --no-demo) in its own process from an
                                            # empty broker, database and watchdog state (it deletes var/bench/kafka,
                                            # var/bench/mariadb and var/bench/reconcile-watch first), runs the driver
                                            # against it, writes docs/benchmarks.{md,json,-latency.png}, stops it
            ./paypipe bench --quick=true    # a smoke run of a few minutes; writes to infra/bench/target/bench instead
            ./paypipe bench --external=true --ingress=http://host:8081 --sandbox=http://host:8090 ...
                                            # against services that are already running (SPRING_* say where the
                                            # broker and the database are; var/connection.env is read if present)
            ```

            Options (`--name=value`): `concurrency` (32), `duration` s of the floors and the closed loop (30), `orders`
            for the closed loop (20000), `duplicates` % of extra deliveries that repeat an earlier notification byte
            for byte (10), `ladder` % of the measured capacity for the fixed-rate runs (25,50,75,100,125), `step` s per
            fixed-rate run (20), `compare` % of the capacity at which the baseline is compared (50,90), `delays` ms
            of the baseline's downstream call (0,200,800), `backlogs` (0,10000,100000), `due` retried records per
            backlog size (1000), `out` folder (docs); the bill reconciliation: `bill-lines` (1000000; quick 100000;
            0 leaves the phase out), `bill-day` (2020-01-06; quick 2020-02-03), `reconcile` (http://127.0.0.1:8083),
            `only` (`all`; `bill`: the bill reconciliation alone, its section put into the page of the last run in
            `out`, the rest of that page left as it was measured).

            Stages and repeats: `stage-orders` per measured stage cycle (50000; quick 5000), `warmup-orders` of the
            first unreported warm-up cycle before them (100000; quick 5000: the run of 2026-12-01 13:28 warmed up with 20000 and its
            three ingress cycles still rose, 1,935 -> 2,445 -> 3,244 deliveries/s, with 70,000 and 120,000 callbacks
            behind them: the JIT and G1's heap settle only after about a hundred thousand), then more warm-up cycles of
            `stage-orders` while the product's JIT compiled for more than 5 % of the last one's wall time (Micrometer's
            `jvm.compilation.time` on ingress's `/actuator/prometheus`; 4 cycles at most: the run of 2026-12-05 17:02
            still had the compiler threads at 15.9 % of a core in its first measured cycle after 100000), `repeats` of every stage cycle and of the whole
            pipeline's capacity and ladder (3; quick 1), `processor` (http://127.0.0.1:8082) and `downstream`
            (http://127.0.0.1:8085) whose `/ops/consumers` endpoints pause and resume their consumers;
            `product-arg=SERVICE:key=value` (repeatable) starts the product with that setting and is recorded in the
            page, e.g. `./paypipe bench --product-arg=processor:processor.batch.enabled=false` measures the
            per-record path for a comparison.

            ```
            ./paypipe bench --only=bill     # the bill reconciliation alone: the product's start, ~25 s of seeding the
                                            # ledger (empty at every start), then 40-60 s for a million lines on 2 cores
            ```

            The benchmark never runs in CI and never fails for being slow; it fails (exit code 1) only when the effects
            of a phase are not exact.

            ## What is measured

            - **The driver** runs in its own JVM. For each phase it creates fresh orders (`OrderCreated` on
              `{ORDER_CREATED}`, as the merchant's order system does), waits until the processor stored them, has the
              sandbox sign one WeChat Pay v3 `TRANSACTION.SUCCESS` per order with the merchant's platform key (the
              real signature and AEAD encryption ingress verifies with WeChat's SDK), mixes in duplicate deliveries,
              and sends them to `/notify/wechatpay` from virtual threads over HTTP/1.1: at a fixed **concurrency**
              (closed loop, the capacity figure) or at a fixed **arrival rate** (open loop: request i is due at
              start + i/rate and its latency counts from then, so a server that stalls cannot hide its queue).
              Because a pause of the driver's own would count as the product's, `./paypipe bench` runs the driver
              with ZGC (pauses well under a millisecond; with G1 its young pauses reached 100-230 ms in a run,
              215 ms as the first 75 % repeat began).
            - **Ack latency** (HdrHistogram, 3 significant digits): from the due time to the HTTP answer.
              **acked/s** counts deliveries (duplicates included), **orders acked/s** the distinct orders among
              them; **orders paid/s** counts orders: those acknowledged,
              over the time from the first send until the last one's `OrderPaid` reached the driver (for the
              pipeline that includes the time the processor needed after the load to drain what ingress had
              accepted; for the baseline the ack itself says the order is paid). **End to end**: from the first send of an order's notification to the first `OrderPaid` for it read by a
              consumer inside the driver. **Errors** by kind: HTTP status or exception. **CPU** (from `/proc`) of the
              product's processes and of the driver while the load ran, per success ack, and both over wall time
              (the machine has 2 cores: near 2 means the run was bound by CPU, not by the database or the broker);
              and the product's from the first send until the pipeline had drained the phase's work (paid and
              shipped), per paid order.
            - **Exactness** after every phase: every order whose notification was acknowledged is PAID, with one
              ledger row, one raw row, one shipment and one `OrderPaid` event id; no order has two of anything.
            - **The sandbox** runs in a process of its own (the script starts it before the product): its RSA signing
              was the largest CPU consumer of the product's JVM when it ran inside it. Its CPU is shown apart and never
              counted in the product's.
            - **Floors**, same concurrency, same run: plain JDBC autocommit INSERTs into a copy of `pay_notify_raw`
              (same definition, so the same unique key, and a `raw_body` of the notification's size), and one plain
              Kafka producer with ingress's producer settings (`acks=all`, idempotent, no linger, its timeouts: listed
              in the Stages section) sending records of the `{PAYMENT_NOTIFY}` event's size to a topic
              with as many partitions. Ingress does both for every callback, one after the other, plus the signature
              check and decryption, so its throughput is reported as a share of the lower floor.
            - **The synchronous baseline** (benchmark-only code under `infra/bench`, never on the product's path) is
              the articles' design: the callback verifies with the same SDK, reserves with one autocommit INSERT,
              runs the business transaction (guarded UPDATE, ledger row) and calls downstream before it answers, on
              a fixed pool of 200 request threads (Tomcat's default) and 10 database connections (Hikari's default),
              on the same database. It gets the same kind of signed notifications at the same offered rate (50% and 90%
              of the pipeline's capacity measured in the same run) while the downstream call takes 0, 200 and 800 ms. The pipeline's ack never waits for downstream, so one pipeline
              run at that rate stands for all three delays.
            - **Backlog cost**: with 0, 10k and 100k failed records awaiting retry, the database work per retried
              record of the articles' retry job (`status = 0 AND next_retry_at <= NOW()` scan with its index, lease,
              bookkeeping) against a retry topic (records awaiting retry sit in the log behind the due ones and cost
              the database nothing; a due record costs its attempt). Rows examined are read from MariaDB's own session
              counters on the connection doing the work.
            - **Bill reconciliation** (after the other phases, or alone with `--only=bill`): the sandbox's GENERATED
              WeChat bill of a million payments (`GEN<day><i>`, 100 + i % 1000 fen, 0.6 % fee, spread over the day)
              of the first direct WeChat merchant for a past day, reconciled by reconcile-service as a person's rerun
              (`POST /recon/runs`, kind RERUN): the signed `GET /v3/bill/tradebill` (the sandbox renders the day once
              to hash it), the gzip download, the parser, the batched INSERTs into `recon_bill_line`, the guards, the
              set-based comparison with `payment_ledger`. The ledger is seeded beforehand with the same payments
              (batched `INSERT IGNORE`, made-up negative order ids, no orders; skipped when the day holds them
              already; its time is shown, not counted), so the batch must end **CLEAN** with every line compared:
              anything else is shown as a failed figure and fails the run. The batch is polled 500 ms after each
              poll's answers (`GET /recon/batches/{id}`): rows read, the service's own rate (frozen when the comparison
              begins, which splits reading from comparing), the resident memory and CPU of the launcher the script
              started and its MariaDB, and reconcile-service's heap (`/actuator/metrics`). A bill held in memory would
              show in the old generation; the resident set grows mostly because G1 enlarges the heap under the
              allocation rate (the launcher runs without `-Xmx`: up to a quarter of the machine's memory). With the
              local launcher the sandbox renders the bill (twice: once to hash it for the API's answer, once for the
              download) in the same JVM and on the same two cores as the services and MariaDB: a real channel's
              download would cost this machine nothing but the reading.

            """
        .replace("{ORDER_CREATED}", Topics.ORDER_CREATED.name())
        .replace("{PAYMENT_NOTIFY}", Topics.PAYMENT_NOTIFY.name());

    static final String STAGES = """
            Each stage of the pipeline measured while the stages after it are paused through the product's
            `/ops/consumers` endpoints (signed in, the cycle as the reason; the driver checks that every consumer
            reports paused). A cycle: the processor's `{PAYMENT_NOTIFY}` consumers and the downstream consumers are
            paused; the cycle's orders are created (the processor still stores them from `{ORDER_CREATED}`) and
            signed, with the duplicates; **ingress alone** gets every delivery in a closed loop at the run's
            concurrency (deliveries acked/s counts duplicates, orders acked/s does not; CPU per acknowledged
            delivery); the processor is resumed and the **processor drain** is timed from its resume until every
            acknowledged order of the cycle is PAID (a COUNT over the cycle's order ids, polled every 100 ms;
            payments/s = orders / time; CPU over that window per payment); then the downstream consumers are
            resumed and the **downstream drain** is timed per group until its table (`shipment`, `points_grant`) has
            a row for every order (events/s per group; the CPU over the drain per event of both groups). A cycle is
            exact when there were no errors, one raw row per order, nothing paid while the processor was paused and
            nothing shipped while downstream was, and every order paid once (one ledger row, one `OrderPaid` event
            id) with one shipment and one points grant; a cycle that is not fails the run. Unreported warm-up
            cycles run first, until the JIT has settled. The **whole pipeline** (capacity in a closed loop, then the latency
            ladder) is repeated as often as the cycles, after unreported rounds of a closed loop and 75 % of its
            capacity until the JIT has settled on its paths too: orders acknowledged/s and orders
            paid/s (until the pipeline drained what it accepted) are both counted in orders, duplicates excluded,
            and CPU per paid order counts every product process until that drain ended. Each figure is the median
            over the repeats with its range; a ratio divides the median by the target of issue 15 (the send to
            `OrderPaid` p99 at 75 % of capacity must hold in every repeat, so its worst repeat is judged). The
            comparison with the synchronous baseline (at the median capacity) and the backlog cost run once. The
            chart draws the first repeat. The driver's polls are queries on MariaDB, whose CPU counts as the
            product's: a few milliseconds every 100 ms. A pause is never silent in the product: a cycle whose
            consumers stay paused longer than `processor.pause-alert-after` (5 m) raises a `CONSUMERS_PAUSED` alert
            (and downstream an ERROR line), as it would for an operator who forgot to resume. Below the table, the
            launcher's busiest thread groups in each measured stage and pipeline phase (read from its
            `/proc/<pid>/task` before and after): which part of the product (ingress's request threads, the
            processor's consumers, the embedded broker's request handlers, ...) the phase's CPU went to; the
            MariaDB process and the threads that ended during a phase are not in it. Beside them, the launcher's
            stop-the-world collector pauses that ended within the phase (its own GC log, `-Xlog:gc`, which
            `./paypipe bench` turns on): how many, their sum and the longest, so a phase's send->`OrderPaid` tail
            can be set beside the pauses in it.

            """
        .replace("{ORDER_CREATED}", Topics.ORDER_CREATED.name())
        .replace("{PAYMENT_NOTIFY}", Topics.PAYMENT_NOTIFY.name());

    static final String PHASE_HEADER = """
            | phase | load | sent | acked | acked/s | orders acked/s | orders paid/s | ack p50 ms | ack p99 ms | ack p99.9 ms | ack max ms | acked within 5 s | errors | send->OrderPaid p50 / p99 / max ms | CPU ms per ack: product / driver, cores busy | product CPU ms per paid order (until drained) | exact |
            |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|---:|---|
            """;

    /**
     * Where the CPU went, from Java Flight Recorder profiles of the product (issue 15):
     * measured by hand, not by each run, so the dates and commands are given.
     */
    static final String PROFILE = """

            ## Where the CPU goes (Java Flight Recorder)

            Execution samples of the product's JVM (threads running Java code), grouped by thread and, inside a
            group, by the library owning the sample's top-most known frame (JDK frames count for their caller: an
            RSA verification inside the WeChat SDK counts as the SDK), with
            `io.paypipe.bench.jfr.JfrSummary` (see its Javadoc for the command). MariaDB runs in a process of its
            own and is not in these tables; the embedded broker is.

            **Before** (the issue's profile of ingress alone, 15,000 WeChat notifications at concurrency 32, the
            sandbox in the same JVM): of the request threads' samples ~35 % outside our code (Tomcat, Spring MVC
            dispatch, Micrometer's per-request observation), ~26 % in the raw-row INSERT on the client side
            (Connector/J parsing the SQL text per call, a `SimpleDateFormat` per timestamp), ~13 % in the WeChat
            SDK, ~11 % in the Kafka publish; ~3 ms of JVM CPU per callback.
            Re-measured on 2026-12-01 with `JfrSummary` over `./paypipe bench --quick=true --duration=30
            --orders=15000 --bill-lines=0` at main `3903e6e` (processor batches already in, ingress not yet tuned,
            the sandbox still in the product's JVM: 31 % of all samples, left out below; `settings=profile`):

            | threads | share of the product's samples | where, inside the group |
            |---|---:|---|
            | reconcile-service | 28.8 % (1381) | Kafka client 24 %, JDBC client (Connector/J, Hikari) 19 %, our code (io.paypipe) 16 %, Kafka Streams 13 %, Spring Kafka 12 %, WeChat Pay SDK 10 %, rest 7 % |
            | ingress request threads | 25.3 % (1209) | Tomcat 22 %, WeChat Pay SDK 18 %, JDBC client (Connector/J, Hikari) 14 %, our code (io.paypipe) 12 %, Spring MVC / web 12 %, Spring (other) 6 %, Micrometer 6 %, Kafka client 4 %, rest 5 % |
            | Kafka broker | 22.1 % (1056) | Kafka broker 75 %, Kafka client 23 %, rest 2 % |
            | processor consumers | 11.7 % (562) | JDBC client (Connector/J, Hikari) 34 %, Kafka client 31 %, our code (io.paypipe) 19 %, logging 4 %, Spring JDBC / transactions 4 %, Spring Kafka 3 %, rest 4 % |
            | downstream consumers | 4.7 % (225) | Kafka client 34 %, JDBC client (Connector/J, Hikari) 23 %, Spring Kafka 15 %, our code (io.paypipe) 13 %, Spring JDBC / transactions 7 %, Spring (other) 6 %, rest 2 % |
            | Kafka producer I/O | 2.7 % (129) | Kafka client 88 %, Spring Kafka 5 %, logging 4 %, rest 2 % |
            | refund-service | 2.0 % (95) | Kafka client 94 %, Spring Kafka 4 %, rest 2 % |
            | other (JDK only, unknown) | 1.7 % (80) | other (JDK only, unknown) 79 %, Micrometer 13 %, Spring (other) 4 %, rest 5 % |
            | Kafka consumer heartbeats | 1.0 % (50) | Kafka client 100 % |

            **After** (the full run of 2026-12-01 07:38 at `2a10540`, recorded over the whole run from 100 s after the
            start, `settings=default`: `PAYPIPE_LAUNCHER_JAVA_OPTS='-XX:StartFlightRecording=delay=100s,settings=default,filename=…'
            ./paypipe bench`; the sandbox in its own process; not re-recorded since: the product of the run of
            2026-12-03 07:05 differs from it by reconcile-service's batched `order.created` listener and ingress's
            changes below):

            | threads | share of the product's samples | where, inside the group |
            |---|---:|---|
            | reconcile-service | 36.3 % (11648) | Kafka client 25 %, WeChat Pay SDK 18 %, JDBC client (Connector/J, Hikari) 18 %, our code (io.paypipe) 14 %, Spring Kafka 12 %, Kafka Streams 6 %, rest 8 % |
            | ingress request threads | 25.2 % (8105) | WeChat Pay SDK 29 %, Tomcat 21 %, JDBC client (Connector/J, Hikari) 13 %, our code (io.paypipe) 13 %, Spring MVC / web 6 %, Spring (other) 6 %, Kafka client 4 %, Spring JDBC / transactions 3 %, rest 4 % |
            | Kafka broker | 14.8 % (4741) | Kafka broker 74 %, Kafka client 23 %, rest 3 % |
            | processor consumers | 11.0 % (3531) | JDBC client (Connector/J, Hikari) 39 %, Kafka client 30 %, our code (io.paypipe) 18 %, Spring JDBC / transactions 7 %, rest 7 % |
            | other (JDK only, unknown) | 4.0 % (1272) | other (JDK only, unknown) 37 %, JDBC client (Connector/J, Hikari) 35 %, our code (io.paypipe) 17 %, Spring JDBC / transactions 5 %, rest 6 % |
            | downstream consumers | 3.4 % (1085) | JDBC client (Connector/J, Hikari) 29 %, Kafka client 29 %, Spring Kafka 17 %, our code (io.paypipe) 12 %, Spring JDBC / transactions 7 %, rest 5 % |
            | Kafka producer I/O | 3.1 % (994) | Kafka client 92 %, logging 4 %, rest 4 % |
            | refund-service | 1.6 % (526) | Kafka client 97 %, rest 3 % |
            | Kafka consumer heartbeats | 0.5 % (172) | Kafka client 98 %, rest 2 % |
            | logging | 0.1 % (46) | logging 100 % |

            What changed, read from the two: on ingress's request threads Micrometer's per-request observation is gone (6 %
            of them before, under 3 % after) and Spring MVC's share halved (12 % -> 6 %); the WeChat SDK (RSA verification
            and AES-GCM decryption, a fixed amount of work per callback) grew from 18 % to 29 % of what is left, so what
            remains is mostly the channel's own cryptography, Tomcat and the one INSERT. The processor's threads take about
            the same share of the product (11.7 % -> 11.0 %) while they pay several times more orders a second (batches:
            one transaction, multi-row INSERTs). The largest consumer in both was reconcile-service (28.8 % -> 36.3 %): its
            `order.created` listener stored each order's query chain one record at a time (an awaited publish and four
            statements per order, about 75 orders/s: that run's stage cycles found it 49,341 / 72,819 / 95,735 records
            behind), and its active queries sign WeChat requests (18 % of its samples). It now reads `order.created` in
            batches (reconcile-service's README): the runs since found both `order.created` groups 0 records behind at
            every stage cycle. A profile of a JVM pausing for garbage collection (G1, the launcher's default heap:
            a quarter of the memory) over a later run found young-generation pauses of 43.5 ms at the median and 178 ms
            at p99, the main part of the send->`OrderPaid` tail at 75 % of capacity; a quick A/B with ZGC on these two
            cores (`--quick=true`, one repeat each) was no better (p99 at 75 %: 164 ms G1, 397 ms ZGC), so G1 stays.

            **Ingress alone, 2026-12-02**: between those runs and this one every service got a sign-in (issue 17), and
            a callback passed a permit-all Spring Security chain whose every filter Spring Security observed. 12 s of
            `settings=profile` from the start of the first stage cycle's ingress-alone stage (`./paypipe bench
            --warmup-orders=20000 --stage-orders=30000 --repeats=1 --ladder=75 --step=20 --duration=10 --compare=50
            --delays=0 --backlogs=0 --bill-lines=0`, the same both times), before and after the callbacks' chain was
            emptied and ingress's Spring Security and Spring MVC observations were switched off; the CPU figure is the
            bench's own reading of the virtual threads' carriers for that stage:

            | ingress request threads | share of the product's samples | where, inside the group | their CPU ms per delivery | deliveries/s |
            |---|---:|---|---:|---:|
            | `2687804`: permit-all chain, observed | 77.4 % (521) | Tomcat 17 %, WeChat Pay SDK 15 %, Spring MVC / web 14 %, Micrometer 12 %, JDBC client 12 %, Spring (other) 9 %, our code 9 %, Kafka client 4 %, Spring JDBC 3 %, Spring Kafka 2 % | 0.77 (0.66 in a second run) | 735 (904) |
            | `dafb1f4`: empty chain, no observation | 78.9 % (502) | WeChat Pay SDK 21 %, Tomcat 18 %, our code 17 %, JDBC client 14 %, Spring MVC / web 10 %, Kafka client 8 %, Spring (other) 6 %, Spring Kafka 2 %, rest 4 % | 0.52 | 1,036 |

            Micrometer's share is gone; what is left is the channel's cryptography, Tomcat, the one INSERT and the one
            publish. The host was slower that day than on 2026-12-01: the same options at `47bc3ea` (the code of the
            run of 2026-12-01 13:28) gave 944 deliveries/s where that run's first cycle had 1,935, so only figures of
            one run compare. A full `./paypipe bench` of `dafb1f4` that day (11:15, 3,065 s, every phase exact) found
            floors of 4,228 INSERTs/s and 16,784 records/s (11,878 and 37,838 in the run of 2026-12-01 13:28) and
            ingress alone at 1,308 deliveries/s (1,251 - 1,499): 0.309 of its JDBC floor (0.296 - 0.354) where the run
            of 2026-12-01 had 0.206; the processor drained 3,356 payments/s, each downstream group ~12,500 events/s,
            the whole pipeline paid 615 of 616 orders acknowledged/s, and send->`OrderPaid` p99 at 75 % of capacity was
            289 - 454 ms.

            **The run of 2026-12-03 07:05** (`16dd830`) adds ingress's grouped raw-row INSERTs (payments that arrive
            together share one multi-row INSERT, ingress's README): ingress alone 2,387 deliveries/s, **0.428 of its
            JDBC floor**. The host ran at about half its speed of 2026-12-01 (floors 5,582 INSERTs/s and 22,776
            records/s against 11,878 and 37,838), so its absolute figures are lower than that run's: the run of
            2026-12-01 13:28 had ingress alone at 2,445 deliveries/s (0.206 of its floor), the processor drain at 6,402
            payments/s, 1,385 orders acknowledged/s at capacity and send->`OrderPaid` p99 at 75 % of 205 - 281 ms.

            **The product as it is on 2026-12-05** (main after `fa39646`, plus the launcher's one Logback metrics
            filter): `JfrSummary` over a quick run recorded from the JVM's start to its exit (`settings=profile`;
            `./paypipe bench --warmup-orders=20000 --stage-orders=10000 --repeats=1 --ladder=75,100 --step=20
            --duration=10 --compare=50 --delays=0 --backlogs=0 --bill-lines=0`), so the services' start (the `main`
            thread, 5.5 % of the samples) and the creation of every phase's orders (the processor's and reconcile's
            `order.created` listeners, 9.7 % and 7.4 %) are in it. A slow host that hour (INSERT floor 2,162/s,
            ingress alone 918 deliveries/s, 0.425 of it):

            | threads | share of the product's samples | where, inside the group |
            |---|---:|---|
            | ingress request threads | 25.9 % (3409) | WeChat Pay SDK 25 %, Tomcat 23 %, our code (io.paypipe) 19 %, Spring MVC / web 13 %, Spring (other) 10 %, Kafka client 6 %, Spring Kafka 3 %, rest 2 % |
            | Kafka broker | 21.0 % (2760) | Kafka broker 72 %, Kafka client 25 %, rest 3 % |
            | processor consumers | 17.7 % (2327) | JDBC client (Connector/J, Hikari) 29 %, our code (io.paypipe) 28 %, Kafka client 25 %, Spring JDBC / transactions 8 %, Spring Kafka 3 %, Spring (other) 3 %, rest 3 % |
            | reconcile-service | 16.0 % (2110) | Kafka client 26 %, JDBC client (Connector/J, Hikari) 23 %, Spring Kafka 16 %, Kafka Streams 13 %, our code (io.paypipe) 12 %, Spring JDBC / transactions 6 %, rest 4 % |
            | other (JDK only, unknown) | 10.4 % (1363) | Spring (other) 50 %, JDBC client (Connector/J, Hikari) 22 %, our code (io.paypipe) 7 %, other (JDK only, unknown) 6 %, Spring JDBC / transactions 5 %, rest 8 % |
            | downstream consumers | 3.6 % (474) | Kafka client 41 %, JDBC client (Connector/J, Hikari) 18 %, Spring Kafka 18 %, our code (io.paypipe) 12 %, Spring JDBC / transactions 7 %, rest 5 % |
            | Kafka producer I/O | 2.3 % (297) | Kafka client 94 %, rest 6 % |
            | refund-service | 2.0 % (257) | Kafka client 89 %, our code (io.paypipe) 4 %, Spring Kafka 3 %, rest 4 % |
            | Kafka consumer heartbeats | 1.0 % (132) | Kafka client 98 %, rest 2 % |
            | logging | 0.2 % (20) | logging 100 % |

            Read against the tables above: the request threads no longer run the INSERT (ingress's raw-row writers
            do, grouped; they and `main` make up "other"), so what is left on them is the WeChat SDK's cryptography,
            Tomcat and the publish; reconcile-service fell from the largest group (36.3 %) to the fourth, its
            watchdog (855 samples) now about as large as the processor's `payment.notify` threads (864). The broker
            is the second largest group. Logback's turbo-filter frames are the top frame of 1.0 % of the samples (0.7 %
            the chain, 0.3 % Micrometer's filter); the profiles of 2026-12-04, when each of the launcher's five
            services added a filter of its own, put 1.2-1.3 % in them (perhaps not counted the same way).
            """;

    static final String FOOTER = """

            ## Reading it

            - Every figure that matters is a ratio of two things measured side by side in the same run; the absolute
              numbers move with whatever else the shared machine is doing (see the load average above).
            - With the local launcher every service, the embedded Kafka broker and the driver's targets share one JVM
              and the two cores with the driver and MariaDB, so the capacity is the whole product's on this machine,
              not one service's.
            - "acked within 5 s" counts success acks within WeChat's 5-second budget over all sends; a callback
              answered later is, for the channel, a failed delivery that it pushes again.
            """;

}
