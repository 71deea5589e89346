package io.paypipe.support.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.support.topic.TopicFloor.Existing;
import io.paypipe.support.topic.TopicFloor.Shortfall;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

class TopicFloorTest {

    private static NewTopic wanted(String name, int partitions, int replicas, int minIsr) {
        return new NewTopic(name, partitions, (short) replicas)
            .configs(Map.of("min.insync.replicas", Integer.toString(minIsr)));
    }

    @Test
    void givenTopicsThatDoNotExistYet_whenCompared_thenNothingFallsShort() {
        // Given two declared topics, neither on the cluster
        // When compared
        List<Shortfall> shortfalls = TopicFloor.shortfalls(List.of(wanted("a", 12, 3, 2), wanted("b", 12, 3, 2)),
                Map.of());

        // Then nothing falls short: they are created as declared
        assertThat(shortfalls).isEmpty();
    }

    @Test
    void givenExistingTopicsAtOrAboveWhatIsWanted_whenCompared_thenNothingFallsShort() {
        // Given one topic exactly as wanted and one with more of everything
        Map<String, Existing> existing = Map.of("a", new Existing("a", 12, 3, 2), "b", new Existing("b", 24, 5, 3));

        // When compared
        List<Shortfall> shortfalls = TopicFloor.shortfalls(List.of(wanted("a", 12, 3, 2), wanted("b", 12, 3, 2)),
                existing);

        // Then nothing falls short
        assertThat(shortfalls).isEmpty();
    }

    @Test
    void givenAnExistingTopicBelowEveryFloor_whenCompared_thenEachNumberIsNamedWithFoundAndWanted() {
        // Given payment.notify with 6 partitions, one replica and min.insync.replicas 1
        Map<String, Existing> existing = Map.of("payment.notify", new Existing("payment.notify", 6, 1, 1), "ok",
                new Existing("ok", 12, 3, 2));

        // When compared with 12 partitions, 3 replicas, min.insync.replicas 2
        List<Shortfall> shortfalls = TopicFloor
            .shortfalls(List.of(wanted("ok", 12, 3, 2), wanted("payment.notify", 12, 3, 2)), existing);

        // Then each of its three numbers falls short, said as found and wanted
        assertThat(shortfalls).extracting(Shortfall::describe)
            .containsExactly("payment.notify: partitions 6, wanted at least 12",
                    "payment.notify: replication factor 1, wanted at least 3",
                    "payment.notify: min.insync.replicas 1, wanted at least 2");
    }

    @Test
    void givenADeclaredTopicWithoutAMinInsyncReplicas_whenCompared_thenOnlyPartitionsAndReplicasCount() {
        // Given a topic declared without min.insync.replicas, existing with 1
        NewTopic declared = new NewTopic("t", 3, (short) 1);

        // When compared
        List<Shortfall> shortfalls = TopicFloor.shortfalls(List.of(declared), Map.of("t", new Existing("t", 3, 1, 1)));

        // Then nothing falls short
        assertThat(shortfalls).isEmpty();
    }

}
