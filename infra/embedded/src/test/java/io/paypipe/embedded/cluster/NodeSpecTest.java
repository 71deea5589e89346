package io.paypipe.embedded.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class NodeSpecTest {

    private static final List<NodeSpec.Ports> NODES = List.of(new NodeSpec.Ports(1, 40001, 40002),
            new NodeSpec.Ports(2, 40003, 40004), new NodeSpec.Ports(3, 40005, 40006));

    @Test
    void givenASpecWhenWrittenAsArgumentsThenTheNodeReadsTheSameSpecBack() {
        // Given node 2 of three
        NodeSpec spec = new NodeSpec(2, Path.of("/tmp/cluster/node-2"), "cluster-id-1", NODES);

        // When written as the node's arguments and read back
        NodeSpec read = NodeSpec.parse(spec.toArgs().toArray(String[]::new));

        // Then it is the same, and the node's settings name its own ports and all three
        // voters
        assertThat(read).isEqualTo(spec);
        var props = KafkaClusterNode.properties(read);
        assertThat(props.getProperty("controller.quorum.voters"))
            .isEqualTo("1@127.0.0.1:40002,2@127.0.0.1:40004,3@127.0.0.1:40006");
        assertThat(props.getProperty("listeners"))
            .isEqualTo("PLAINTEXT://127.0.0.1:40003,CONTROLLER://127.0.0.1:40004");
        assertThat(props.getProperty("process.roles")).isEqualTo("broker,controller");
        assertThat(props).containsEntry("default.replication.factor", "3")
            .containsEntry("min.insync.replicas", "2")
            .containsEntry("offsets.topic.replication.factor", "3")
            .containsEntry("transaction.state.log.replication.factor", "3")
            .containsEntry("transaction.state.log.min.isr", "2")
            .containsEntry("unclean.leader.election.enable", "false")
            .containsEntry("group.initial.rebalance.delay.ms", "0");
    }

    @Test
    void givenArgumentsWithoutTheNodesWhenReadThenTheErrorNamesWhatIsMissing() {
        assertThatThrownBy(() -> NodeSpec.parse(new String[] { "--node-id=1", "--dir=/x", "--cluster-id=c" }))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("--nodes=");
        assertThatThrownBy(() -> NodeSpec
            .parse(new String[] { "--node-id=4", "--dir=/x", "--cluster-id=c", "--nodes=1:1:2,2:3:4,3:5:6" }))
            .hasMessageContaining("node 4 is not among the nodes");
    }

}
