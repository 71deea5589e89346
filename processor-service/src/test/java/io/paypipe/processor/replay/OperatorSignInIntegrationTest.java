package io.paypipe.processor.replay;

import static io.paypipe.processor.support.Fixtures.newOrderKey;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.OrderKey;
import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.ConsoleForms;
import io.paypipe.processor.support.DeadLetterTopic;
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

    private static DeadLetterTopic deadLetters;

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @BeforeAll
    static void clients() throws Exception {
        String bootstrap = TestInfra.get().bootstrapServers();
        deadLetters = DeadLetterTopic.created();
    }

    @AfterAll
    static void closeClients() {
        deadLetters.close();
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
        RecordMetadata dlt = deadLetters.orderNotFound(key);
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
        RecordMetadata dlt = deadLetters.orderNotFound(key);
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
        // Given a person sent to the login form, who signs in there
        HttpResponse<String> console = send(HttpRequest.newBuilder(uri("/console")).GET().build());
        assertThat(console.statusCode()).isEqualTo(302);
        assertThat(console.headers().firstValue("Location").orElseThrow()).endsWith("/login");
        ConsoleForms forms = new ConsoleForms(port);
        ConsoleForms.Session session = forms.signIn(TestAccounts.OPERATOR);
        assertThat(forms.page(session, "/console")).contains("Signed in as test-operator");

        // When the console's form is posted without the page's token, then with it
        int without = forms.post("/console/ping", session.cookie(), Map.of());
        HttpResponse<String> with = forms.send("/console/ping", session.cookie(), forms.withToken(session, Map.of()));

        // Then the first is refused, the second is the signed-in operator's
        assertThat(without).isEqualTo(403);
        assertThat(with.statusCode()).isEqualTo(200);
        assertThat(with.body()).isEqualTo("pong for test-operator\n");
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

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

}
