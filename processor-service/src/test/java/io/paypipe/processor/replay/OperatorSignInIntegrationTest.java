package io.paypipe.processor.replay;

import static io.paypipe.processor.support.Fixtures.newOrderKey;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.OrderKey;
import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.TestAccounts;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The sign-in of the operator endpoints (service-support's {@code OperatorSecurity}) on
 * the processor, with the test accounts ({@link TestAccounts}): nobody signed in is
 * answered 401, a viewer reads but may not replay, an operator's replay is recorded as
 * the operator's whatever the body says, health stays open, and the console's chain (form
 * login, session) refuses a POST without its CSRF token.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OperatorSignInIntegrationTest extends ProcessorIntegrationBase {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");

    private static KafkaProducer<byte[], byte[]> dltProducer;

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @BeforeAll
    static void clients() throws Exception {
        String bootstrap = TestInfra.get().bootstrapServers();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin
                .createTopics(List.of(new NewTopic(ReplayConfig.DEAD_LETTER_TOPIC,
                        io.paypipe.core.topic.Topics.DEFAULT_PARTITIONS, (short) 1)))
                .all()
                .get(30, TimeUnit.SECONDS);
        }
        catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
        dltProducer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.ACKS_CONFIG, "all"),
                new ByteArraySerializer(), new ByteArraySerializer());
    }

    @AfterAll
    static void closeClients() {
        dltProducer.close();
    }

    @Test
    void rejectsAnyoneNotSignedInWith401AndKeepsHealthOpen() throws Exception {
        // When the dead letters are asked for without a sign-in, or with a wrong password
        HttpResponse<String> anonymous = send(get("/ops/dead-letters"));
        HttpResponse<String> wrongPassword = send(
                get("/ops/dead-letters", new OperatorCredentials(TestAccounts.OPERATOR.user(), "not-the-password")));

        // Then both are 401 with a Basic challenge and a one-line JSON error
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValue("Basic realm=\"paypipe\"");
        assertThat(anonymous.body()).isEqualTo("{\"error\":\"sign in first: HTTP Basic with an operator account\"}\n");
        assertThat(wrongPassword.statusCode()).isEqualTo(401);
        // and an action and the other actuator endpoints too
        assertThat(send(post("/ops/consumers/pause?reason=x", null, "")).statusCode()).isEqualTo(401);
        assertThat(send(get("/actuator/env")).statusCode()).isEqualTo(401);

        // But health needs no sign-in
        assertThat(send(get("/actuator/health")).statusCode()).isEqualTo(200);
    }

    @Test
    void rejectsReplayByViewerAndReplaysNothing() throws Exception {
        // Given a dead letter
        OrderKey key = newOrderKey();
        RecordMetadata dlt = publishDeadLetter(key);
        String replayId = "viewer-" + key.outTradeNo().value();

        // When a viewer lists the dead letters, then asks for a replay
        HttpResponse<String> listed = send(get("/ops/dead-letters", TestAccounts.VIEWER));
        HttpResponse<String> replayed = send(
                post("/ops/dead-letters/replay", TestAccounts.VIEWER, replayBody(replayId, null, dlt)));

        // Then the list is answered, the replay is 403 and nothing was replayed
        assertThat(listed.statusCode()).isEqualTo(200);
        assertThat(listed.body()).contains(key.kafkaKey());
        assertThat(replayed.statusCode()).isEqualTo(403);
        assertThat(replayed.body()).contains("actions need OPERATOR");
        assertThat(replayRows(replayId)).isZero();
    }

    @Test
    void recordsTheOperatorsSignInNameAsTheRequesterAndRefusesAnotherName() throws Exception {
        // Given a dead letter
        OrderKey key = newOrderKey();
        RecordMetadata dlt = publishDeadLetter(key);
        String naming = "naming-" + key.outTradeNo().value();
        String plain = "plain-" + key.outTradeNo().value();

        // When an operator's replay names somebody else as its requester
        HttpResponse<String> someoneElse = send(
                post("/ops/dead-letters/replay", TestAccounts.OPERATOR, replayBody(naming, "mallory", dlt)));

        // Then it is refused with one sentence and nothing is replayed
        assertThat(someoneElse.statusCode()).isEqualTo(400);
        assertThat(someoneElse.body()).contains("requestedBy is taken from your sign-in (test-operator)");
        assertThat(replayRows(naming)).isZero();

        // When the operator replays it without naming anybody
        HttpResponse<String> replayed = send(
                post("/ops/dead-letters/replay", TestAccounts.OPERATOR, replayBody(plain, null, dlt)));

        // Then the stored replay's requester is the operator's sign-in name
        assertThat(replayed.statusCode()).as(replayed.body()).isEqualTo(200);
        assertThat(jdbc.sql("SELECT requested_by FROM dlt_replay WHERE replay_id = :id")
            .param("id", plain)
            .query(String.class)
            .single()).isEqualTo(TestAccounts.OPERATOR.user());
    }

    @Test
    void refusesAnActionThatIsNotJsonEvenFromAnOperator() throws Exception {
        // When an operator's pause comes as a form post (what a page of another site
        // can make a browser send without a preflight)
        HttpResponse<String> form = send(HttpRequest.newBuilder(uri("/ops/consumers/pause?reason=csrf"))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString("a=b"))
            .build());

        // Then it is refused and nothing is paused
        assertThat(form.statusCode()).isEqualTo(415);
        assertThat(form.body()).contains("an action takes Content-Type: application/json");
        assertThat(send(get("/ops/consumers", TestAccounts.VIEWER)).body()).contains("\"paused\":false");
    }

    @Test
    void consoleRefusesAPostWithoutItsCsrfTokenAndAcceptsItWithTheToken() throws Exception {
        HttpClient browser = HttpClient.newBuilder()
            .cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
        // Given a person sent to the login form, who signs in there
        HttpResponse<String> console = browser.send(get("/console"), HttpResponse.BodyHandlers.ofString());
        assertThat(console.statusCode()).isEqualTo(302);
        assertThat(console.headers().firstValue("Location").orElseThrow()).endsWith("/login");
        String loginToken = token(browser.send(get("/login"), HttpResponse.BodyHandlers.ofString()).body());
        HttpResponse<String> signedIn = browser.send(form("/login", Map.of("username", TestAccounts.OPERATOR.user(),
                "password", TestAccounts.OPERATOR.password(), "_csrf", loginToken)),
                HttpResponse.BodyHandlers.ofString());
        assertThat(signedIn.statusCode()).isEqualTo(302);
        HttpResponse<String> page = browser.send(get("/console"), HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Signed in as test-operator");

        // When the console's form is posted without the page's token, then with it
        HttpResponse<String> without = browser.send(form("/console/ping", Map.of()),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> with = browser.send(form("/console/ping", Map.of("_csrf", token(page.body()))),
                HttpResponse.BodyHandlers.ofString());

        // Then the first is refused, the second is the signed-in operator's
        assertThat(without.statusCode()).isEqualTo(403);
        assertThat(with.statusCode()).isEqualTo(200);
        assertThat(with.body()).isEqualTo("pong for test-operator\n");
    }

    private static String token(String html) {
        Matcher matcher = CSRF.matcher(html);
        assertThat(matcher.find()).as("a CSRF token in %s", html).isTrue();
        return matcher.group(1);
    }

    private String replayBody(String replayId, String requestedBy, RecordMetadata dlt) {
        String by = requestedBy == null ? "" : "\"requestedBy\":\"" + requestedBy + "\",";
        return "{\"replayId\":\"%s\",%s\"reason\":\"sign-in test\",\"records\":[{\"partition\":%d,\"offset\":%d}]}"
            .formatted(replayId, by, dlt.partition(), dlt.offset());
    }

    private long replayRows(String replayId) {
        return jdbc.sql("SELECT COUNT(*) FROM dlt_replay WHERE replay_id = :id")
            .param("id", replayId)
            .query(Long.class)
            .single();
    }

    private RecordMetadata publishDeadLetter(OrderKey key) throws Exception {
        var headers = DeadLetterSamples.dltHeaders(
                "org.springframework.kafka.listener.ListenerExecutionFailedException",
                "io.paypipe.processor.failure.OrderNotFoundException", "no order", 3, 41, Instant.now().toEpochMilli());
        return dltProducer
            .send(new ProducerRecord<>(ReplayConfig.DEAD_LETTER_TOPIC, null, key.kafkaKey().getBytes(),
                    "poison".getBytes(), headers))
            .get(30, TimeUnit.SECONDS);
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(uri(path)).GET().build();
    }

    private HttpRequest get(String path, OperatorCredentials account) {
        return HttpRequest.newBuilder(uri(path)).header("Authorization", account.authorization()).GET().build();
    }

    private HttpRequest post(String path, OperatorCredentials account, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json");
        if (account != null) {
            request.header("Authorization", account.authorization());
        }
        return request.POST(HttpRequest.BodyPublishers.ofString(json)).build();
    }

    private HttpRequest form(String path, Map<String, String> fields) {
        String body = fields.entrySet()
            .stream()
            .map((e) -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
        return HttpRequest.newBuilder(uri(path))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

}
