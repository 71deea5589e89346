package io.paypipe.auditor;

import io.paypipe.embedded.TestInfra;
import java.time.Clock;
import java.time.Duration;

/**
 * One test's own database and {@code order.paid} stand-in, a history writer on them, and
 * an auditor reading them.
 */
final class AuditWorld implements AutoCloseable {

    static final Duration BUDGET = Duration.ofHours(4);

    private final AuditDatabase db;

    private final OrderPaidTopic topic;

    private final History history;

    private AuditWorld(AuditDatabase db, OrderPaidTopic topic) {
        this.db = db;
        this.topic = topic;
        this.history = new History(db.jdbc(), topic, "AUD-");
    }

    static AuditWorld create() {
        return new AuditWorld(AuditDatabase.create(), OrderPaidTopic.create());
    }

    AuditDatabase db() {
        return db;
    }

    OrderPaidTopic topic() {
        return topic;
    }

    History history() {
        return history;
    }

    Auditor auditor() {
        return auditor(TestInfra.get().bootstrapServers(), topic.name());
    }

    Auditor auditor(String bootstrapServers, String topicName) {
        return new Auditor(db.dataSource(), bootstrapServers, Clock.systemUTC()).readingOrderPaidFrom(topicName);
    }

    AuditReport audit() {
        return auditor().audit(BUDGET);
    }

    @Override
    public void close() {
        topic.close();
        db.close();
    }

}
