package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.APP_A;
import static io.paypipe.ingress.alipay.AlipayFixtures.ISV;
import static io.paypipe.ingress.alipay.AlipayFixtures.NOTIFICATIONS;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.sandbox.alipay.AlipayNotification;
import io.paypipe.sandbox.alipay.AlipayTrade;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import org.junit.jupiter.api.Test;

/**
 * Generated input: at least 10,000 mutations of honest Alipay notifications (bytes flipped, cut, inserted,
 * pairs doubled, values replaced, percent-encoding broken, random bytes) with random content types and junk
 * headers, thrown at {@code /notify/alipay} in one Spring context. No answer may be a 500 or carry a stack trace,
 * nothing may be stored for a delivery that got {@code fail}, and the service must still answer afterwards.
 * Set {@code -Dfuzz.seed=N} to replay a run; the seed is printed.
 */
class AlipayFuzzIntegrationTest extends AlipayCallbackIntegrationSupport {

    private static final int REQUESTS = 10_000;
    private static final int CONCURRENCY = 8;
    private static final List<String> CONTENT_TYPES = List.of(FORM, FORM, FORM, FORM, "application/x-www-form-urlencoded",
            "application/x-www-form-urlencoded; charset=gbk", "application/json", "text/plain", "multipart/form-data",
            "application/x-www-form-urlencoded;;;", "x/y;charset=\"utf-8");
    private static final byte[] JUNK = "%&=+ \u0000\r\n\"'<>{}[]\\%ZZ%F%FF%C3%28%00;,".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void tenThousandMutatedDeliveriesGetFailAndStoreNothing() throws Exception {
        // Given a seed and honest notifications of orders only this run uses
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        System.out.println("AlipayFuzzIntegrationTest seed=" + seed + " (replay with -Dfuzz.seed=" + seed + ")");
        Random random = new Random(seed);
        String prefix = "FZ" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toUpperCase();
        List<byte[]> honest = honestBodies(prefix);

        // When every mutation is sent, CONCURRENCY at a time
        Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
        Set<String> acceptedBodies = ConcurrentHashMap.newKeySet();
        List<String> problems = new java.util.concurrent.CopyOnWriteArrayList<>();
        long started = System.nanoTime();
        try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
             var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            Semaphore inFlight = new Semaphore(CONCURRENCY);
            List<Future<?>> sends = new ArrayList<>(REQUESTS);
            for (int i = 0; i < REQUESTS; i++) {
                byte[] body = mutate(honest.get(random.nextInt(honest.size())), random);
                HttpRequest request = request(body, random);
                inFlight.acquire();
                sends.add(executor.submit(() -> {
                    try {
                        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                        statuses.merge(response.statusCode(), 1, Integer::sum);
                        check(response, body, acceptedBodies, problems);
                    } finally {
                        inFlight.release();
                    }
                    return null;
                }));
            }
            for (Future<?> send : sends) {
                send.get();
            }
        }
        System.out.println("AlipayFuzzIntegrationTest " + REQUESTS + " requests in "
                + Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms, statuses " + statuses);

        // Then no 500, no stack trace, and every stored row is the body of a delivery that got "success"
        assertThat(problems).as("seed " + seed).isEmpty();
        assertThat(statuses).as("seed " + seed).doesNotContainKey(500);
        List<String> stored = jdbc.sql("""
                        SELECT raw_body FROM pay_notify_raw WHERE out_trade_no LIKE :p
                        UNION ALL SELECT raw_body FROM pay_notify_event WHERE out_trade_no LIKE :p
                        UNION ALL SELECT raw_body FROM pay_refund_raw WHERE out_trade_no LIKE :p
                        """)
                .param("p", prefix + "%").query(String.class).list();
        assertThat(stored).as("seed " + seed).allSatisfy(body -> assertThat(acceptedBodies).contains(body));

        // And the service still answers: health, and an honest notification
        assertThat(get("/actuator/health").body()).contains("\"UP\"");
        assertIsSuccessAck(post(honest.getFirst()));
    }

    private static void check(HttpResponse<String> response, byte[] body, Set<String> accepted, List<String> problems) {
        String answer = response.body();
        if (answer.contains("Exception") || answer.contains("\tat ") || answer.contains("at io.") || answer.contains("trace")) {
            problems.add("stack trace in a " + response.statusCode() + " answer");
        }
        if (response.statusCode() == 200 && "success".equals(answer)) {
            // a mutation that kept the signed content (e.g. %3A for ':'): a legitimate delivery
            accepted.add(new String(body, StandardCharsets.UTF_8));
        } else if (!"fail".equals(answer)) {
            problems.add("neither success nor fail: HTTP " + response.statusCode());
        }
    }

    /** A payment, an ISV payment, a WAIT_BUYER_PAY, a closed trade and a refund, each of its own order. */
    private static List<byte[]> honestBodies(String prefix) {
        List<AlipayNotification> notifications = List.of(
                NOTIFICATIONS.tradeStatusSync(AlipayTrade.paid(APP_A, prefix + "1", NOTIFICATIONS.newTradeNo(), 10_010)),
                NOTIFICATIONS.tradeStatusSync(AlipayTrade.paid(ISV, "2021000300000000", prefix + "2", NOTIFICATIONS.newTradeNo(), 1)),
                NOTIFICATIONS.tradeStatusSync(AlipayTrade.paid(APP_A, prefix + "3", NOTIFICATIONS.newTradeNo(), 100)
                        .withStatus(AlipayTrade.WAIT_BUYER_PAY)),
                NOTIFICATIONS.tradeStatusSync(AlipayTrade.paid(APP_A, prefix + "4", NOTIFICATIONS.newTradeNo(), 100)
                        .withStatus(AlipayTrade.TRADE_CLOSED)),
                NOTIFICATIONS.refund(AlipayTrade.paid(APP_A, prefix + "5", NOTIFICATIONS.newTradeNo(), 100), prefix + "R5", 50));
        return notifications.stream().map(AlipayNotification::body).toList();
    }

    private HttpRequest request(byte[] body, Random random) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/notify/alipay"))
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (random.nextInt(20) != 0) {
            request.header("Content-Type", CONTENT_TYPES.get(random.nextInt(CONTENT_TYPES.size())));
        }
        if (random.nextInt(4) == 0) {
            request.header("X-Fuzz-" + random.nextInt(100), junkText(random, 1 + random.nextInt(64)));
        }
        if (random.nextInt(10) == 0) {
            request.header("Accept", random.nextBoolean() ? "application/json" : "*/*;q=" + junkText(random, 3));
        }
        return request.build();
    }

    static byte[] mutate(byte[] honest, Random random) {
        byte[] b = honest.clone();
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            b = switch (random.nextInt(10)) {
                case 0 -> flip(b, random);
                case 1 -> cut(b, random);
                case 2 -> insert(b, random, junk(random, 1 + random.nextInt(8)));
                case 3 -> insert(b, random, pairOf(b, random));
                case 4 -> replaceValue(b, random);
                case 5 -> java.util.Arrays.copyOf(b, random.nextInt(b.length + 1));
                case 6 -> randomBytes(random);
                case 7 -> new byte[0];
                case 8 -> insert(b, random, ("&" + (char) ('a' + random.nextInt(26)) + "=" + junkText(random, 4)).getBytes(StandardCharsets.UTF_8));
                default -> swap(b, random);
            };
        }
        return b;
    }

    private static byte[] flip(byte[] b, Random random) {
        if (b.length > 0) {
            b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
        }
        return b;
    }

    private static byte[] swap(byte[] b, Random random) {
        if (b.length > 1) {
            int i = random.nextInt(b.length);
            int j = random.nextInt(b.length);
            byte t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
        return b;
    }

    private static byte[] cut(byte[] b, Random random) {
        if (b.length == 0) {
            return b;
        }
        int from = random.nextInt(b.length);
        int to = Math.min(b.length, from + 1 + random.nextInt(16));
        byte[] out = new byte[b.length - (to - from)];
        System.arraycopy(b, 0, out, 0, from);
        System.arraycopy(b, to, out, from, b.length - to);
        return out;
    }

    private static byte[] insert(byte[] b, Random random, byte[] piece) {
        int at = random.nextInt(b.length + 1);
        byte[] out = new byte[b.length + piece.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(piece, 0, out, at, piece.length);
        System.arraycopy(b, at, out, at + piece.length, b.length - at);
        return out;
    }

    /** One {@code &name=value} of the body, to be inserted again (a duplicate key). */
    private static byte[] pairOf(byte[] b, Random random) {
        String[] pairs = new String(b, StandardCharsets.ISO_8859_1).split("&", -1);
        return ("&" + pairs[random.nextInt(pairs.length)]).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** One value replaced by junk, e.g. an amount by {@code 1e2} or {@code %ZZ}. */
    private static byte[] replaceValue(byte[] b, Random random) {
        String[] pairs = new String(b, StandardCharsets.ISO_8859_1).split("&", -1);
        int i = random.nextInt(pairs.length);
        int eq = pairs[i].indexOf('=');
        String[] values = {"", "1e2", "-1", "0.001", "%ZZ", "%", "+", junkText(random, 1 + random.nextInt(10)),
                "TRADE_SUCCESS", "RSA", "gbk", "9".repeat(70)};
        pairs[i] = (eq < 0 ? pairs[i] : pairs[i].substring(0, eq)) + "=" + values[random.nextInt(values.length)];
        return String.join("&", pairs).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] randomBytes(Random random) {
        byte[] b = new byte[random.nextInt(512)];
        random.nextBytes(b);
        return b;
    }

    private static byte[] junk(Random random, int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : JUNK[random.nextInt(JUNK.length)];
        }
        return b;
    }

    /** Printable ASCII a header value may hold. */
    private static String junkText(Random random, int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append((char) (0x21 + random.nextInt(0x5e)));
        }
        return sb.toString();
    }
}
