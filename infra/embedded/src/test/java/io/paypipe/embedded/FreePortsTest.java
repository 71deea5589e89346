package io.paypipe.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FreePortsTest {

    @Test
    void drawsBelowTheEphemeralRangeWhereNoOutgoingConnectionTakesThePort() throws IOException {
        // Given a Linux kernel, which says where its ephemeral range begins (read, never
        // skipped: a misread range would quietly bring back the kernel's bind(0))
        assumeThat(System.getProperty("os.name")).isEqualTo("Linux");
        Optional<Integer> ephemeralLow = FreePorts.ephemeralLow();
        assertThat(ephemeralLow).as("/proc/sys/net/ipv4/ip_local_port_range")
            .hasValueSatisfying(low -> assertThat(low).isBetween(1_024, 65_535));
        assumeThat(ephemeralLow.get() - FreePorts.LOWEST).as("room below the ephemeral range")
            .isGreaterThanOrEqualTo(1_000);

        // When eight ports are taken
        int[] ports = FreePorts.distinct(8);

        // Then they differ, lie below the ephemeral range, and each can be listened on
        assertThat(Arrays.stream(ports).distinct().count()).isEqualTo(8);
        assertThat(Arrays.stream(ports).boxed())
            .allSatisfy(p -> assertThat(p).isBetween(FreePorts.LOWEST, ephemeralLow.get() - 1));
        for (int port : ports) {
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
                assertThat(socket.getLocalPort()).isEqualTo(port);
            }
        }
    }

    @Test
    void drawsFromTenThousandUpToTheEphemeralRange() {
        assertThat(FreePorts.drawRange(Optional.of(32_768)))
            .hasValueSatisfying(r -> assertThat(r).containsExactly(10_000, 32_768));
    }

    @Test
    void fallsBackToTheKernelsChoiceWhenTheRangeIsUnknownOrLeavesNoRoom() {
        assertThat(FreePorts.drawRange(Optional.empty())).isEmpty();
        assertThat(FreePorts.drawRange(Optional.of(1_024))).isEmpty();
        assertThat(FreePorts.drawRange(Optional.of(10_500))).isEmpty();
    }

    @Test
    void givesAPortThatCanBeListenedOnWhateverTheKernelSays() throws IOException {
        int port = FreePorts.one();

        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThat(socket.getLocalPort()).isEqualTo(port);
        }
    }

}
