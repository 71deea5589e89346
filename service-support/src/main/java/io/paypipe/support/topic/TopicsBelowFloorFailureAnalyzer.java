package io.paypipe.support.topic;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Spring Boot's "APPLICATION FAILED TO START" report for a
 * {@link TopicsBelowFloorException}: each topic below its floor on a line, and what to
 * do.
 */
class TopicsBelowFloorFailureAnalyzer extends AbstractFailureAnalyzer<TopicsBelowFloorException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, TopicsBelowFloorException cause) {
        String service = cause.service();
        String description = service + " refuses to start: topics exist below its configured floor:\n  "
                + String.join("\n  ", cause.shortfalls());
        String action = "Give the topics what is wanted (kafka-topics.sh --alter --partitions N only while nothing "
                + "is in flight: adding partitions moves keys; kafka-reassign-partitions.sh for replicas; "
                + "kafka-configs.sh for min.insync.replicas), or configure lower floors on purpose with " + service
                + ".topic-partitions, " + service + ".topic-replicas and " + service
                + ".topic-min-insync-replicas (docs/deployment.md).";
        return new FailureAnalysis(description, action, cause);
    }

}
