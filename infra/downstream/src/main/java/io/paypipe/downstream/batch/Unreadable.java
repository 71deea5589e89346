package io.paypipe.downstream.batch;

import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.core.log.LogAccessor;
import org.springframework.kafka.support.KafkaUtils;
import org.springframework.kafka.support.serializer.DeserializationException;
import org.springframework.kafka.support.serializer.SerializationUtils;

/**
 * The first record of a batch that could not be read: the
 * {@code ErrorHandlingDeserializer} of the topic's consumer factory hands it to a batch
 * listener with no value and the failure in a header (a record without a value at all
 * counts as unreadable too). Batch listeners must look for it themselves;
 * {@link BatchApplier} applies the records before it and leaves it to the container's
 * error handler, as the record listeners did.
 *
 * @param index its position in the batch
 * @param record the record
 * @param cause why it could not be read
 */
record Unreadable(int index, ConsumerRecord<?, ?> record, DeserializationException cause) {

    private static final LogAccessor LOG = new LogAccessor(Unreadable.class);

    static Optional<Unreadable> first(List<? extends ConsumerRecord<?, ?>> records) {
        for (int i = 0; i < records.size(); i++) {
            ConsumerRecord<?, ?> record = records.get(i);
            Optional<DeserializationException> cause = cause(record);
            if (cause.isPresent()) {
                return Optional.of(new Unreadable(i, record, cause.get()));
            }
        }
        return Optional.empty();
    }

    private static Optional<DeserializationException> cause(ConsumerRecord<?, ?> record) {
        DeserializationException value = SerializationUtils.getExceptionFromHeader(record,
                KafkaUtils.VALUE_DESERIALIZER_EXCEPTION_HEADER, LOG);
        if (value != null) {
            return Optional.of(value);
        }
        DeserializationException key = SerializationUtils.getExceptionFromHeader(record,
                KafkaUtils.KEY_DESERIALIZER_EXCEPTION_HEADER, LOG);
        if (key != null) {
            return Optional.of(key);
        }
        if (record.value() == null) {
            return Optional.of(new DeserializationException("record without a value", new byte[0], false,
                    new IllegalArgumentException("no value")));
        }
        return Optional.empty();
    }

}
