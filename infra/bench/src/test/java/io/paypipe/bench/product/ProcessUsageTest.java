package io.paypipe.bench.product;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProcessUsageTest {

    @Test
    void aLauncherRunningTheSandboxAloneIsTheSandboxNotTheProduct() {
        assertThat(ProcessUsage
            .isSandbox("java -jar infra/launcher/target/paypipe-launcher-0.1.0-SNAPSHOT.jar --only=sandbox")).isTrue();
        assertThat(ProcessUsage.isSandbox("java -jar infra/sandbox/target/paypipe-sandbox-0.1.0-SNAPSHOT.jar"))
            .isTrue();
        assertThat(ProcessUsage.isSandbox(
                "java -jar infra/launcher/target/paypipe-launcher-0.1.0-SNAPSHOT.jar --no-demo --sandbox=external"))
            .isFalse();
        assertThat(ProcessUsage.isSandbox("java -cp paypipe-launcher.jar:paypipe-sandbox.jar io.paypipe.Launcher"))
            .isFalse();
    }

    @Test
    void cpuTimeSubtractsPerProcessGroupAndTheTwoFigureFormHasNoSandbox() {
        ProcessUsage.Cpu before = new ProcessUsage.Cpu(1_000, 100, 50);
        ProcessUsage.Cpu after = new ProcessUsage.Cpu(3_000, 150, 90);

        assertThat(after.minus(before)).isEqualTo(new ProcessUsage.Cpu(2_000, 50, 40));
        assertThat(new ProcessUsage.Cpu(5, 6).sandboxMillis()).isZero();
    }

}
