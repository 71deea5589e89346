package io.paypipe.processor.replay;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.ConsoleBrowser;
import io.paypipe.processor.support.ConsoleForms;
import io.paypipe.processor.support.DeadLetterTopic;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.TestAccounts;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
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
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The operator console in a real browser (headless Debian chromium) against the running
 * processor, broker and database: an operator signs in through the login form, replays a
 * dead letter with a reason and sees its order PAID; a viewer sees the pages without
 * action buttons and a crafted POST is refused; a POST without the CSRF token is refused;
 * replays are limited per account and minute; the manual queue's resolve records who and
 * the note. Screenshots under {@code target/console-screenshots/}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "processor.retry-delays=100ms,100ms", "processor.dead-letter-retry-delays=50ms",
                "processor.console.replays-per-minute=2", "processor.console.account.name=test-console",
                "processor.console.account.password=test-console-password",
                "processor.console.refund-url=" + ConsoleIntegrationTest.NOBODY,
                "processor.console.reconcile-url=" + ConsoleIntegrationTest.NOBODY,
                "processor.console.ingress-url=" + ConsoleIntegrationTest.NOBODY })
class ConsoleIntegrationTest extends ProcessorIntegrationBase {

    private static final Duration WAIT = Duration.ofSeconds(90);

    /**
     * An operator of the rate-limit test only, so the other tests' replays do not count.
     */
    static final OperatorCredentials HASTY = new OperatorCredentials("hasty-operator", "hasty-operator-password");

    /**
     * Where refund-, reconcile- and ingress-service are not: nothing listens on port 1.
     */
    static final String NOBODY = "http://127.0.0.1:1";

    private static TopicWriter writer;

    private static DeadLetterTopic deadLetters;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void accounts(DynamicPropertyRegistry registry) {
        BCryptPasswordEncoder bcrypt = new BCryptPasswordEncoder(4);
        List<OperatorCredentials> accounts = List.of(TestAccounts.OPERATOR, TestAccounts.VIEWER, HASTY);
        List<String> roles = List.of("OPERATOR", "VIEWER", "OPERATOR");
        for (int i = 0; i < accounts.size(); i++) {
            OperatorCredentials a = accounts.get(i);
            String hash = "{bcrypt}" + bcrypt.encode(a.password());
            registry.add("paypipe.security.accounts[" + i + "].name", a::user);
            registry.add("paypipe.security.accounts[" + i + "].password-hash", () -> hash);
            registry.add("paypipe.security.accounts[" + i + "].role", roles.get(i)::toString);
        }
    }

    @BeforeAll
    static void clients() throws Exception {
        ConsoleBrowser.requireChromium();
        String bootstrap = TestInfra.get().bootstrapServers();
        writer = new TopicWriter(bootstrap);
        deadLetters = DeadLetterTopic.created();
    }

    @AfterAll
    static void closeClients() {
        if (writer != null) {
            writer.close();
        }
        if (deadLetters != null) {
            deadLetters.close();
        }
    }

    @Test
    void operatorReplaysADeadLetterWithAReasonAndSeesTheOrderPaid() throws Exception {
        // Given a notification the processor gave up on (its order did not exist yet),
        // and the order that has arrived since
        OrderKey key = newOrderKey();
        ChannelTradeNo tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 2500);
        writer.sendBytes(Topics.PAYMENT_NOTIFY.name(), key.kafkaKey(),
                Json.MAPPER.writeValueAsBytes(succeeded(rawId, key, tradeNo, 2500, 2500)),
                Map.of(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(rawId)));
        await().atMost(WAIT).untilAsserted(() -> assertThat(db.outcome(rawId)).isEqualTo("UNKNOWN_ORDER"));
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, 2500));
        await().atMost(WAIT).untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));

        try (ConsoleBrowser browser = ConsoleBrowser.open(port, "operator-replay")) {
            // When an operator signs in, opens the dead letters and finds it
            browser.signIn(TestAccounts.OPERATOR);
            browser.go("/console/dead-letters?errorClass=OrderNotFoundException");
            WebElement row = browser.wait(WAIT, (d) -> d.findElements(rowOf(key)).stream().findFirst().orElse(null));
            assertThat(row.findElement(By.cssSelector(".order-status")).getText()).isEqualTo("PENDING");
            browser.screenshot("dead-letter-found");

            // and looks at a dry run of it first
            row.findElement(By.cssSelector("a.dry-run")).click();
            browser.wait(WAIT, (d) -> d.getCurrentUrl().contains("/dry-run"));
            assertThat(browser.text(By.id("dry-run-summary"))).contains("Nothing was published");
            assertThat(browser.text(By.id("dry-run-total"))).isEqualTo("1");
            browser.screenshot("dry-run");
            assertThat(replaysOf(rawId)).as("a dry run publishes nothing").isZero();

            // and replays it with a reason
            browser.go("/console/dead-letters?errorClass=OrderNotFoundException");
            row = browser.wait(WAIT, (d) -> d.findElements(rowOf(key)).stream().findFirst().orElse(null));
            row.findElement(By.cssSelector("input.reason")).sendKeys("order arrived late");
            row.findElement(By.cssSelector("button.replay")).click();

            // Then the page says the replay was the operator's, and shows the order PAID
            browser.wait(WAIT, (d) -> !d.findElements(By.id("message")).isEmpty());
            assertThat(browser.text(By.id("message"))).contains("by " + TestAccounts.OPERATOR.user());
            assertThat(browser.text(By.id("replay-result"))).contains("PUBLISHED");
            browser.screenshot("replayed");
            browser.wait(WAIT, (d) -> {
                d.navigate().refresh();
                return d.findElements(rowOf(key))
                    .stream()
                    .anyMatch((r) -> r.findElement(By.cssSelector(".order-status")).getText().equals("PAID"));
            });
            browser.screenshot("order-paid");
        }
        assertThat(db.status(key)).isEqualTo("PAID");
        assertThat(db.handled(rawId)).isEqualTo(1);
        assertThat(jdbc.sql("""
                SELECT r.requested_by FROM dlt_replay r JOIN dlt_replay_record x ON x.replay_id = r.replay_id
                 WHERE x.raw_id = :raw AND x.status = 'PUBLISHED' AND r.reason = 'order arrived late'""")
            .param("raw", rawId)
            .query(String.class)
            .list()).containsExactly(TestAccounts.OPERATOR.user());
    }

    @Test
    void viewerSeesTheDeadLetterWithoutAReplayButtonAndACraftedPostIsRefused() throws Exception {
        // Given a dead letter and a row of the manual queue
        OrderKey key = newOrderKey();
        RecordMetadata dlt = deadLetters.orderNotFound(key);
        OrderKey manualKey = newOrderKey();
        long manualRaw = setAside(manualKey);
        long diff = openDiff();
        ConsoleForms forms = new ConsoleForms(port);

        try (ConsoleBrowser browser = ConsoleBrowser.open(port, "viewer")) {
            // When a viewer signs in and opens the dead letters and the manual queue
            browser.signIn(TestAccounts.VIEWER);
            browser.go("/console/dead-letters");
            WebElement row = browser.wait(WAIT, (d) -> d.findElements(rowOf(key)).stream().findFirst().orElse(null));
            browser.screenshot("dead-letters-read-only");

            // Then the viewer sees them, without a replay or resolve button
            assertThat(row.findElements(By.cssSelector("button.replay"))).isEmpty();
            assertThat(browser.driver().findElements(By.cssSelector("button.replay"))).isEmpty();
            assertThat(row.findElements(By.cssSelector("a.dry-run"))).hasSize(1);
            // (the suite's other tests leave rows of their own there: the page for this
            // order)
            browser.go("/console/manual?order=" + manualKey.outTradeNo().value());
            assertThat(browser.driver().findElements(By.id("raw-" + manualRaw))).hasSize(1);
            assertThat(browser.driver().findElements(By.cssSelector("button.resolve"))).isEmpty();
            browser.screenshot("manual-read-only");
            // and the refunds without the refund form, the differences without handle
            // buttons
            browser.go("/console/refunds");
            assertThat(browser.driver().findElements(By.id("refund-form"))).isEmpty();
            assertThat(browser.driver().findElements(By.cssSelector("button.refund"))).isEmpty();
            browser.go("/console/recon");
            assertThat(browser.driver().findElements(By.id("diff-" + diff))).hasSize(1);
            assertThat(browser.driver().findElements(By.cssSelector("button.ignore, button.correct"))).isEmpty();
            browser.screenshot("recon-read-only");
            // and the re-derive page without its form (ingress takes a dry run from an
            // OPERATOR only)
            browser.go("/console/rederive");
            assertThat(browser.driver().findElements(By.tagName("h1"))).hasSize(1);
            assertThat(browser.driver().findElements(By.id("rederive-form"))).isEmpty();
            assertThat(browser.driver().findElements(By.cssSelector("button.dry-run, button.apply"))).isEmpty();
            browser.screenshot("rederive-read-only");

            // When the viewer's session posts a replay anyway, with the page's token,
            // and someone without a session posts one
            Map<String, String> replay = Map.of("partition", Integer.toString(dlt.partition()), "offset",
                    Long.toString(dlt.offset()), "reason", "viewer tries", "_csrf", browser.csrfToken());
            int viewerPost = forms.post("/console/dead-letters/replay", browser.sessionCookie(), replay);
            int anonymousPost = forms.post("/console/dead-letters/replay", null, replay);
            int viewerResolve = forms.post("/console/manual/" + manualRaw + "/resolve", browser.sessionCookie(),
                    Map.of("note", "viewer tries", "_csrf", browser.csrfToken()));
            int viewerRefund = forms.post("/console/refunds/request", browser.sessionCookie(), Map.of("merchant", "m",
                    "order", "o", "amount", "1", "reason", "viewer tries", "_csrf", browser.csrfToken()));
            int viewerIgnore = forms.post("/console/recon/diffs/" + diff + "/ignore", browser.sessionCookie(),
                    Map.of("note", "viewer tries", "_csrf", browser.csrfToken()));
            int viewerRederive = forms.post("/console/rederive", browser.sessionCookie(), Map.of("channel", "wechatpay",
                    "action", "apply", "reason", "viewer tries", "_csrf", browser.csrfToken()));

            // Then all are refused and nothing is replayed or resolved
            assertThat(viewerPost).isEqualTo(403);
            assertThat(anonymousPost).isEqualTo(403);
            assertThat(viewerResolve).isEqualTo(403);
            assertThat(viewerRefund).isEqualTo(403);
            assertThat(viewerIgnore).isEqualTo(403);
            assertThat(viewerRederive).isEqualTo(403);
        }
        assertThat(replaysOf(dlt)).isZero();
        assertThat(db.handled(manualRaw)).isEqualTo(2);
        assertThat(diffStatus(diff)).isEqualTo("OPEN|null");
    }

    @Test
    void operatorAsksForARefundAndHandlesADifferenceAndAServiceThatDoesNotAnswerIsOneSentence() {
        // Given an open difference, and neither refund-service nor reconcile-service up
        long diff = openDiff();

        try (ConsoleBrowser browser = ConsoleBrowser.open(port, "operator-owning-services-down")) {
            // When an operator asks for a refund on the refunds page
            browser.signIn(TestAccounts.OPERATOR);
            browser.go("/console/refunds");
            WebElement form = browser.driver().findElement(By.id("refund-form"));
            form.findElement(By.name("merchant")).sendKeys("1900000001");
            form.findElement(By.name("order")).sendKeys("ORDER-1");
            form.findElement(By.name("amount")).sendKeys("500");
            form.findElement(By.name("reason")).sendKeys("customer returned it");
            form.findElement(By.cssSelector("button.refund")).click();

            // Then the page says in one sentence that refund-service does not answer
            browser.wait(WAIT, (d) -> !d.findElements(By.id("error")).isEmpty());
            assertThat(browser.text(By.id("error"))).isEqualTo("refund-service at " + NOBODY
                    + " does not answer: nothing was done there; try again when it is up.");
            browser.screenshot("refund-service-down");

            // When the operator ignores the difference with a note
            browser.go("/console/recon");
            WebElement row = browser.wait(WAIT, (d) -> d.findElement(By.id("diff-" + diff)));
            row.findElement(By.name("note")).sendKeys("known sandbox rounding");
            row.findElement(By.cssSelector("button.ignore")).click();

            // Then the same for reconcile-service, and the difference is still open
            browser.wait(WAIT, (d) -> !d.findElements(By.id("error")).isEmpty());
            assertThat(browser.text(By.id("error"))).startsWith("reconcile-service at " + NOBODY + " does not answer");
            browser.screenshot("reconcile-service-down");

            // When the operator asks for a dry run of a re-derive with ingress down
            browser.go("/console/rederive");
            WebElement rederive = browser.driver().findElement(By.id("rederive-form"));
            rederive.findElement(By.name("channel")).sendKeys("wechatpay");
            new org.openqa.selenium.support.ui.Select(rederive.findElement(By.name("handled"))).selectByValue("2");
            rederive.findElement(By.cssSelector("button.dry-run")).click();

            // Then one sentence says ingress does not answer, and the form keeps the
            // filter
            browser.wait(WAIT, (d) -> !d.findElements(By.id("error")).isEmpty());
            assertThat(browser.text(By.id("error"))).isEqualTo("ingress-service at " + NOBODY
                    + " does not answer: nothing was done there; try again when it is up.");
            assertThat(browser.driver().findElement(By.name("channel")).getAttribute("value")).isEqualTo("wechatpay");
            assertThat(browser.driver().findElements(By.id("rederive-counts"))).isEmpty();
            browser.screenshot("ingress-down");
        }
        assertThat(diffStatus(diff)).isEqualTo("OPEN|null");
    }

    @Test
    void operatorResolvesARowOfTheManualQueueWithANote() {
        // Given a row set aside for a person
        OrderKey key = newOrderKey();
        long rawId = setAside(key);

        try (ConsoleBrowser browser = ConsoleBrowser.open(port, "operator-resolve")) {
            // When an operator resolves it with a note
            browser.signIn(TestAccounts.OPERATOR);
            browser.go("/console/manual?order=" + key.outTradeNo().value());
            WebElement row = browser.wait(WAIT, (d) -> d.findElement(By.id("raw-" + rawId)));
            assertThat(row.getText()).contains("AMOUNT_MISMATCH");
            row.findElement(By.name("note")).sendKeys("refunded by hand in the channel dashboard");
            row.findElement(By.cssSelector("button.resolve")).click();

            // Then the page says so and the row has left the queue
            browser.wait(WAIT, (d) -> !d.findElements(By.id("message")).isEmpty());
            assertThat(browser.text(By.id("message")))
                .isEqualTo("Raw " + rawId + " resolved by " + TestAccounts.OPERATOR.user() + ".");
            assertThat(browser.driver().findElements(By.id("raw-" + rawId))).isEmpty();
            browser.screenshot("resolved");
        }
        assertThat(db.handled(rawId)).isEqualTo(1);
        assertThat(jdbc.sql("SELECT resolved_by, note, outcome FROM raw_resolution WHERE raw_id = :raw")
            .param("raw", rawId)
            .query((rs, n) -> rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3))
            .list()).containsExactly(
                    TestAccounts.OPERATOR.user() + "|refunded by hand in the channel dashboard|AMOUNT_MISMATCH");
    }

    @Test
    void aPostWithoutTheCsrfTokenIsRefusedAndReplaysAreLimitedPerAccountAndMinute() throws Exception {
        // Given an operator signed in through the form (no browser needed for posts)
        OrderKey key = newOrderKey();
        RecordMetadata dlt = deadLetters.orderNotFound(key);
        ConsoleForms forms = new ConsoleForms(port);
        ConsoleForms.Session session = forms.signIn(HASTY);
        Map<String, String> replay = Map.of("partition", Integer.toString(dlt.partition()), "offset",
                Long.toString(dlt.offset()), "reason", "limit test");

        // When the operator's session posts a replay without the token
        int withoutToken = forms.post("/console/dead-letters/replay", session.cookie(), replay);

        // Then it is refused and nothing is replayed
        assertThat(withoutToken).isEqualTo(403);
        assertThat(replaysOf(dlt)).isZero();

        // When the operator replays three times in a minute (the limit is 2)
        String first = forms.postWithToken(session, "/console/dead-letters/replay", replay);
        String second = forms.postWithToken(session, "/console/dead-letters/replay", replay);
        String third = forms.postWithToken(session, "/console/dead-letters/replay", replay);

        // Then two replays are recorded and the third is refused, saying why
        assertThat(first).contains("by " + HASTY.user());
        assertThat(second).contains("by " + HASTY.user());
        assertThat(third).contains("At most 2 replays a minute per account").doesNotContain("by " + HASTY.user());
        assertThat(replaysOf(dlt)).isEqualTo(2);
    }

    @Test
    void everyPageRendersForAViewerWithTheRowsItReads() throws Exception {
        // Given a notification stored an hour ago and never settled, and one set aside
        OrderKey stuckKey = newOrderKey();
        long stuck = storeRaw(jdbc, stuckKey, newTradeNo(), "SUCCESS", 2500);
        jdbc.sql("UPDATE pay_notify_raw SET created_at = created_at - INTERVAL 1 HOUR WHERE id = :id")
            .param("id", stuck)
            .update();
        OrderKey manualKey = newOrderKey();
        long manual = setAside(manualKey);
        ConsoleForms forms = new ConsoleForms(port);
        ConsoleForms.Session viewer = forms.signIn(TestAccounts.VIEWER);

        // When the viewer opens every page, Then each answers 200 with its heading and
        // rows
        assertThat(forms.page(viewer, "/console")).contains("Signed in as " + TestAccounts.VIEWER.user());
        assertThat(forms.page(viewer, "/console/stuck?order=" + stuckKey.outTradeNo().value()))
            .contains("<h1>Stuck notifications</h1>")
            .contains("id=\"raw-" + stuck + "\"");
        assertThat(forms.page(viewer, "/console/manual?order=" + manualKey.outTradeNo().value()))
            .contains("id=\"raw-" + manual + "\"")
            .doesNotContain("class=\"resolve\"");
        assertThat(forms.page(viewer, "/console/refunds?status=SUCCESS")).contains("<h1>Refunds</h1>");
        assertThat(forms.page(viewer, "/console/queries")).contains("<h1>Active queries</h1>");
        assertThat(forms.page(viewer, "/console/recon")).contains("<h1>Reconciliation</h1>");
        assertThat(forms.page(viewer, "/console/alerts")).contains("<h1>Alerts</h1>");
        assertThat(forms.page(viewer, "/console/rederive")).contains("<h1>Re-derive from the raw vault</h1>")
            .doesNotContain("rederive-form");
        assertThat(forms.page(viewer, "/console/chart")).contains("<h1>Callbacks per minute</h1>")
            .contains("class=\"bar outcome-AMOUNT_MISMATCH\"");
        assertThat(forms.page(viewer, "/console/dead-letters/dry-run?errorClass=OrderNotFoundException"))
            .contains("Nothing was published")
            .doesNotContain("Replay these");
        assertThat(forms.page(viewer, "/console/console.css")).contains(".bar");
    }

    private static By rowOf(OrderKey key) {
        return By.xpath("//tr[contains(@class,'dead-letter')][td[contains(@class,'order-key')][contains(., '"
                + key.outTradeNo().value() + "')]]");
    }

    /** An open AMOUNT difference of a batch of its own. */
    private long openDiff() {
        var keys = new org.springframework.jdbc.support.GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO recon_diff (batch_id, channel, merchant_id, bill_day, category, channel_trade_no, field,
                                        channel_value, local_value, handle_status, created_at, updated_at)
                VALUES (:batch, 'wechatpay', '1900000001', CURRENT_DATE, 'AMOUNT', :trade, 'amount', '2500 CNY',
                        '2400 CNY', 'OPEN', NOW(3), NOW(3))""")
            .param("batch", System.nanoTime())
            .param("trade", newTradeNo().value())
            .update(keys, "id");
        return keys.getKey().longValue();
    }

    private String diffStatus(long id) {
        return jdbc
            .sql("SELECT CONCAT(handle_status, '|', COALESCE(handled_by, 'null')) FROM recon_diff WHERE id = :id")
            .param("id", id)
            .query(String.class)
            .single();
    }

    private long setAside(OrderKey key) {
        return setAside(jdbc, key);
    }

    /** A raw row of the order set aside for a person (handled=2, AMOUNT_MISMATCH). */
    static long setAside(org.springframework.jdbc.core.simple.JdbcClient jdbc, OrderKey key) {
        long rawId = storeRaw(jdbc, key, newTradeNo(), "SUCCESS", 2500);
        jdbc.sql("""
                UPDATE pay_notify_raw SET handled = 2, outcome = 'AMOUNT_MISMATCH', last_error = 'paid 1 of 2500'
                 WHERE id = :id""").param("id", rawId).update();
        return rawId;
    }

    private long replaysOf(long rawId) {
        return jdbc.sql("SELECT COUNT(*) FROM dlt_replay_record WHERE raw_id = :raw")
            .param("raw", rawId)
            .query(Long.class)
            .single();
    }

    private long replaysOf(RecordMetadata dlt) {
        return jdbc.sql(
                "SELECT COUNT(*) FROM dlt_replay_record WHERE dlt_topic = :t AND dlt_partition = :p AND dlt_offset = :o")
            .param("t", dlt.topic())
            .param("p", dlt.partition())
            .param("o", dlt.offset())
            .query(Long.class)
            .single();
    }

}
