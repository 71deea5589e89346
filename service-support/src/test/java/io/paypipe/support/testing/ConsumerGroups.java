package io.paypipe.support.testing;

import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * What a service's consumer group has committed: a record is done with once its group's
 * committed offset on the record's partition has passed it (the services commit a
 * record's offset after its listener returned). For a test that must know a record was
 * handled although handling it changed nothing (a redelivery).
 */
public final class ConsumerGroups {

    private ConsumerGroups() {
    }

    /** True when {@code group} has committed past {@code record}. */
    public static boolean consumed(String bootstrapServers, String group, RecordMetadata record) {
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(10, TimeUnit.SECONDS);
            OffsetAndMetadata offset = committed.get(partition);
            return offset != null && offset.offset() > record.offset();
        }
        catch (ExecutionException | TimeoutException e) {
            return false;
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

}
