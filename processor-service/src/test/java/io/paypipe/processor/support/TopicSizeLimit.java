package io.paypipe.processor.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;

/**
 * Makes one topic of the shared broker refuse every record larger than a few bytes (the
 * broker answers {@code RecordTooLargeException}: a publish refused for good), and takes
 * the limit off again. Tests that use it restore the topic after each test.
 */
public final class TopicSizeLimit implements AutoCloseable {

    private static final String MAX_MESSAGE_BYTES = "max.message.bytes";

    private final Admin admin;

    public TopicSizeLimit(String bootstrapServers) {
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
    }

    /** {@code topic} takes no record larger than {@code bytes}. */
    public void limit(String topic, int bytes) throws Exception {
        alter(topic, new AlterConfigOp(new ConfigEntry(MAX_MESSAGE_BYTES, Integer.toString(bytes)),
                AlterConfigOp.OpType.SET));
    }

    /** {@code topic} takes what the broker's default allows again. */
    public void restore(String topic) throws Exception {
        alter(topic, new AlterConfigOp(new ConfigEntry(MAX_MESSAGE_BYTES, ""), AlterConfigOp.OpType.DELETE));
    }

    private void alter(String topic, AlterConfigOp op) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        admin.incrementalAlterConfigs(Map.of(resource, List.of(op))).all().get(10, TimeUnit.SECONDS);
        // the broker applies topic configs from its metadata log: wait until it reports
        // them
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            ConfigEntry entry = admin.describeConfigs(List.of(resource))
                .all()
                .get(10, TimeUnit.SECONDS)
                .get(resource)
                .get(MAX_MESSAGE_BYTES);
            if (op.opType() == AlterConfigOp.OpType.SET) {
                assertThat(entry.value()).isEqualTo(op.configEntry().value());
            }
            else {
                assertThat(entry.source()).isNotEqualTo(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
            }
        });
    }

    @Override
    public void close() {
        admin.close();
    }

}
