package io.paypipe.bench.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JfrSummaryTest {

    @Test
    void attributesTheSamplesOfARequestThreadBusyInOurCodeToThatGroupAndOurCode(@TempDir Path dir) throws Exception {
        // Given a recording of a thread named like ingress's request threads, busy in
        // io.paypipe code
        Path file = dir.resolve("busy.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            recording.start();
            Thread busy = new Thread(JfrSummaryTest::spin, "tomcat-handler-7");
            busy.start();
            busy.join();
            recording.stop();
            recording.dump(file);
        }

        // When it is summarised
        Map<String, Map<String, Long>> counts = JfrSummary.read(file);

        // Then the request threads' samples are there, most of them in our code
        Map<String, Long> ingress = counts.get("ingress request threads");
        assertThat(ingress).isNotNull();
        long ours = ingress.getOrDefault("our code (io.paypipe)", 0L);
        long all = ingress.values().stream().mapToLong(Long::longValue).sum();
        assertThat(ours).isGreaterThan(10).isGreaterThan(all / 2);
        assertThat(JfrSummary.markdown(counts, 3.0)).contains("| ingress request threads |")
            .contains("our code (io.paypipe)");
    }

    @Test
    void refusesToSummariseARecordingWithoutSamples() {
        assertThatThrownBy(() -> JfrSummary.markdown(Map.of(), 3.0)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no execution samples");
    }

    @Test
    void namesTheLibraryOfAClassAndTheGroupOfAThread() {
        assertThat(JfrSummary.match(JfrSummary.LIBRARIES, "com.mysql.cj.jdbc.ClientPreparedStatement"))
            .isEqualTo("JDBC client (Connector/J, Hikari)");
        assertThat(JfrSummary.match(JfrSummary.LIBRARIES, "org.apache.kafka.clients.producer.KafkaProducer"))
            .isEqualTo("Kafka client");
        assertThat(JfrSummary.match(JfrSummary.LIBRARIES, "java.util.HashMap")).isEqualTo(JfrSummary.OTHER);
        assertThat(JfrSummary.match(JfrSummary.THREADS, "data-plane-kafka-request-handler-1"))
            .isEqualTo("Kafka broker");
    }

    private static void spin() {
        long end = System.nanoTime() + Duration.ofMillis(1500).toNanos();
        long x = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x += Long.rotateLeft(x ^ i, 7) * 31;
            }
        }
        if (x == 42) {
            System.out.println(x);
        }
    }

}
