package io.paypipe.processor.order;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.BytesTopicReader;
import io.paypipe.processor.support.OwnDatabase;
import io.paypipe.processor.support.Rows;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Section 2 of issue 10: order.created climbs its own retry topics while the database is
 * down, for longer than the old in-place budget (first delay x levels = 5 s here, after
 * which the old code logged and committed the offset), and the order is stored once the
 * database is back. On a MariaDB of its own, since it is stopped.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = { "processor.order-retry-delays=1s,2s,4s,8s,16s",
                "spring.datasource.hikari.connection-timeout=1000" })
@DirtiesContext
class OrderRetryWhileDatabaseDownIntegrationTest {

    private static final Duration OLD_IN_PLACE_BUDGET = Duration.ofSeconds(5);

    private static final OwnDatabase DB = new OwnDatabase();

    @Autowired
    JdbcClient jdbc;

    @DynamicPropertySource
    static void infra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("spring.datasource.url", DB::jdbcUrl);
    }

    @AfterAll
    static void closeDatabase() {
        DB.close();
    }

    @Test
    void anOrderThatArrivesWhileTheDatabaseIsDownLongerThanTheOldBudgetIsStoredOnceItIsBack() {
        try (var writer = new TopicWriter(TestInfra.get().bootstrapServers());
                var topics = new BytesTopicReader(TestInfra.get().bootstrapServers(),
                        List.of(Topics.ORDER_CREATED.retry(1), Topics.ORDER_CREATED.dlt()))) {
            // Given the processor's database is down
            DB.stop();
            long down = System.nanoTime();

            // When an order arrives
            OrderKey key = newOrderKey();
            writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, 4200));

            // Then it climbs the retry topics; the database stays down past the old
            // in-place budget
            await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(topics.of(Topics.ORDER_CREATED.retry(1), key.kafkaKey())).hasSize(1));
            await().pollDelay(OLD_IN_PLACE_BUDGET.minusNanos(System.nanoTime() - down).plusMillis(500))
                .until(() -> true);
            assertThat(Duration.ofNanos(System.nanoTime() - down)).isGreaterThan(OLD_IN_PLACE_BUDGET);

            // When the database is back
            DB.restart();

            // Then the order is stored, and nothing became a dead letter
            await().atMost(Duration.ofSeconds(60))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(new Rows(jdbc).status(key)).isEqualTo("PENDING"));
            assertThat(topics.of(Topics.ORDER_CREATED.dlt(), key.kafkaKey())).isEmpty();
            assertThat(jdbc.sql("SELECT COUNT(*) FROM ops_alert").query(Long.class).single()).isZero();
        }
    }

}
