package io.paypipe.processor.replay;

import static io.paypipe.processor.support.Fixtures.newOrderKey;
import static io.paypipe.processor.support.Fixtures.newTradeNo;
import static io.paypipe.processor.support.Fixtures.storeRaw;
import static io.paypipe.processor.support.Fixtures.succeeded;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.core.topic.Json;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.DeadLetterTopic;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.PaypipeScript;
import io.paypipe.support.testing.PaypipeScript.Run;
import io.paypipe.support.testing.TestAccounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
import tools.jackson.databind.JsonNode;

/**
 * {@code ./paypipe dlt list|show|replay|replays} (the repository's script) against the
 * running processor: tables by default, JSON with {@code --json}, a refusal or no answer
 * as one sentence.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "processor.retry-delays=100ms,100ms", "processor.dead-letter-retry-delays=50ms" })
class DltCliIntegrationTest extends ProcessorIntegrationBase {

    private static DeadLetterTopic deadLetters;

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
    void givenDeadLetters_whenListedShownAndReplayedFromTheCommandLine_thenTablesByDefaultAndJsonWithTheFlag()
            throws Exception {
        // Given a dead letter of a notification and one of bytes that are none
        OrderKey key = newOrderKey();
        ChannelTradeNo tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 2500);
        RecordMetadata notification = deadLetters.orderNotFound(key,
                Json.MAPPER.writeValueAsBytes(succeeded(rawId, key, tradeNo, 2500, 2500)));
        RecordMetadata poison = deadLetters.orderNotFound(newOrderKey(), "poison".getBytes());
        String from = "from=" + Instant.now().minusSeconds(600);

        // When an operator lists, shows and replays them
        Run listed = paypipe("dlt", "list", from);
        Run listedJson = paypipe("dlt", "list", "--json", from);
        Run shown = paypipe("dlt", "show", Integer.toString(notification.partition()),
                Long.toString(notification.offset()));
        Run replayed = paypipe("dlt", "replay", "--reason=cli check", poison.partition() + ":" + poison.offset());
        String replayId = replayed.lines().get(0).substring("replay ".length());
        Run audit = paypipe("dlt", "replays", replayId);
        Run auditJson = paypipe("--json", "dlt", "replays", replayId);

        // Then each is a table with the real coordinates and ids, or JSON with the same
        assertThat(listed.exit()).as(listed.err()).isZero();
        assertThat(listed.lines().get(0)).startsWith("PARTITION").contains("OFFSET", "KEY", "ERROR", "RAW_ID");
        assertThat(listed.lines()).anySatisfy((line) -> assertThat(line).startsWith(notification.partition() + " ")
            .contains(" " + notification.offset() + " ", key.kafkaKey(), "OrderNotFoundException", " " + rawId + " ",
                    "2500 CNY"));
        assertThat(listedJson.exit()).isZero();
        assertThat(listedJson.json().valueStream().filter((n) -> key.kafkaKey().equals(n.path("key").asString())))
            .singleElement()
            .satisfies((n) -> {
                assertThat(n.path("offset").asLong()).isEqualTo(notification.offset());
                assertThat(n.path("payload").path("rawId").asLong()).isEqualTo(rawId);
            });
        assertThat(shown.exit()).isZero();
        assertThat(shown.lines().get(0)).startsWith("PARTITION");
        assertThat(shown.lines().get(1)).contains(key.kafkaKey(), "2500 CNY");
        assertThat(shown.out()).contains("error: org.springframework.kafka.listener.ListenerExecutionFailedException",
                "payload: raw " + rawId + ", wechatpay order " + key.kafkaKey());
        assertThat(replayed.exit()).as(replayed.err()).isZero();
        assertThat(replayed.lines().get(1)).startsWith("PARTITION").contains("STATUS");
        assertThat(replayed.lines().get(2)).startsWith(poison.partition() + " ")
            .contains(" " + poison.offset() + " ", "PUBLISHED");
        assertThat(audit.exit()).isZero();
        assertThat(audit.lines().get(0)).isEqualTo("replay " + replayId + " by " + TestAccounts.OPERATOR.user() + " at "
                + auditJson.json().path("requestedAt").asString() + ": cli check");
        assertThat(audit.lines()).anySatisfy((line) -> assertThat(line).startsWith(poison.partition() + " ")
            .contains(" " + poison.offset() + " ", "PUBLISHED"));
        assertThat(auditJson.json().path("replayId").asString()).isEqualTo(replayId);
        JsonNode row = auditJson.json().path("records").get(0);
        assertThat(row.path("dltOffset").asLong()).isEqualTo(poison.offset());
    }

    @Test
    void givenNoSuchDeadLetterARefusedRoleAndAStoppedProcessor_whenCalled_thenEachIsOneSentence() throws Exception {
        Run missing = paypipe("dlt", "show", "0", "999999999");
        Run noReplay = paypipe("dlt", "replays", "no-such-replay", "--json");
        Run badPassword = script(new OperatorCredentials(TestAccounts.OPERATOR.user(), "not-the-password")).run("dlt",
                "list");
        Run viewer = script(TestAccounts.VIEWER).run("dlt", "replay", "--reason=why", "0:0");
        int closed = PaypipeScript.closedPort();
        Run stopped = PaypipeScript.signedInAs(TestAccounts.OPERATOR)
            .env("PAYPIPE_PROCESSOR_URL", "http://127.0.0.1:" + closed)
            .run("dlt", "show", "0", "0");

        missing.failedWith(1, "paypipe dlt: no dead letter at partition 0 offset 999999999");
        noReplay.failedWith(1, "paypipe dlt: no replay no-such-replay");
        badPassword.failedWith(1, "paypipe dlt: sign in first: HTTP Basic with an operator account");
        viewer.failedWith(1, "paypipe dlt: your account's role may not do this: reads need VIEWER or OPERATOR,"
                + " actions need OPERATOR");
        stopped.failedWith(2, "paypipe dlt: the processor at http://127.0.0.1:" + closed + " does not answer");
    }

    private Run paypipe(String... args) throws Exception {
        return script(TestAccounts.OPERATOR).run(args);
    }

    private PaypipeScript script(OperatorCredentials account) {
        return PaypipeScript.signedInAs(account).env("PAYPIPE_PROCESSOR_URL", "http://127.0.0.1:" + port);
    }

}
