package io.paypipe.processor.publish;

import java.util.Optional;
import java.util.Set;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Which producer failures no retry can fix. Everything else (timeouts, not enough
 * replicas, a leader moving, a fenced or reset producer that spring-kafka replaces) is
 * transient and retried. An unknown topic is only final when the broker itself says the
 * topic does not exist (auto-creation off); the producer reports it as a metadata
 * timeout, which is also what a broker that is down looks like, so the caller asks the
 * broker before deciding.
 */
final class PublishFailures {

    private static final Set<Class<? extends Throwable>> FINAL = Set.of(RecordTooLargeException.class,
            RecordBatchTooLargeException.class, AuthorizationException.class, AuthenticationException.class,
            SerializationException.class, InvalidTopicException.class, UnknownTopicOrPartitionException.class);

    private PublishFailures() {
    }

    /** {@code failure} or the first of its causes that no retry can fix, if any. */
    static Optional<Throwable> finalCause(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            for (Class<? extends Throwable> type : FINAL) {
                if (type.isInstance(t)) {
                    return Optional.of(t);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * True when the producer gave up waiting for the topic's metadata: a missing topic,
     * or no broker at all.
     */
    static boolean isMissingMetadata(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof org.apache.kafka.common.errors.TimeoutException && t.getMessage() != null
                    && t.getMessage().contains("not present in metadata")) {
                return true;
            }
        }
        return false;
    }

}
