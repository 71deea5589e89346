package io.paypipe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void rejectsAMisspeltOptionInsteadOfSilentlyUsingTheDefault() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] { "--concurency=8" }, Map.of()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("concurency");
    }

    @Test
    void takesTheBrokerAndTheDatabaseFromTheEnvironmentTheLauncherWrites() {
        BenchOptions o = BenchOptions.parse(new String[0], Map.of("SPRING_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1234",
                "SPRING_DATASOURCE_URL", "jdbc:mysql://127.0.0.1:5/x", "SPRING_DATASOURCE_USERNAME", "u"));

        assertThat(o.kafka()).isEqualTo("127.0.0.1:1234");
        assertThat(o.jdbcUrl()).isEqualTo("jdbc:mysql://127.0.0.1:5/x");
        assertThat(o.dbUser()).isEqualTo("u");
        assertThat(o.out().toString()).isEqualTo("docs");
    }

    @Test
    void theBillPhaseReconcilesAMillionLinesOfAFixedPastDayAndTheQuickRunFewerOfAnotherDay() {
        BenchOptions full = BenchOptions.parse(new String[0], Map.of());
        BenchOptions quick = BenchOptions.parse(new String[] { "--quick=true" }, Map.of());

        assertThat(full.billLines()).isEqualTo(1_000_000);
        assertThat(full.billDay()).isEqualTo(LocalDate.of(2020, 1, 6));
        assertThat(full.onlyBill()).isFalse();
        assertThat(full.reconcile().toString()).isEqualTo("http://127.0.0.1:8083");
        assertThat(quick.billLines()).isEqualTo(100_000);
        assertThat(quick.billDay()).isNotEqualTo(full.billDay());
    }

    @Test
    void onlyBillRunsTheBillPhaseAloneAndTheCommandIsWrittenAsGiven() {
        BenchOptions o = BenchOptions.parse(new String[] { "--only=bill", "--bill-lines=5000" },
                Map.of("PAYPIPE_RECONCILE_URL", "http://host:9083"));

        assertThat(o.onlyBill()).isTrue();
        assertThat(o.billLines()).isEqualTo(5_000);
        assertThat(o.reconcile().toString()).isEqualTo("http://host:9083");
        assertThat(o.command()).isEqualTo("./paypipe bench --only=bill --bill-lines=5000");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] { "--only=pipeline" }, Map.of()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("all or bill");
    }

    @Test
    void quickShrinksEveryPhaseAndWritesOutsideDocs() {
        BenchOptions o = BenchOptions.parse(new String[] { "--quick=true", "--delays=0" }, Map.of());

        assertThat(o.duration()).isEqualTo(Duration.ofSeconds(5));
        assertThat(o.backlogs()).containsExactly(0, 2000);
        assertThat(o.delaysMs()).isEqualTo(List.of(0));
        assertThat(o.out().toString()).doesNotStartWith("docs");
    }

    @Test
    void givenNoOptions_thenThreeRepeatsOf50000OrdersAfterAWarmUpOf100000AgainstTheProductsOpsPorts() {
        BenchOptions o = BenchOptions.parse(new String[0], Map.of());

        assertThat(o.stageOrders()).isEqualTo(50_000);
        assertThat(o.warmupOrders()).isEqualTo(100_000);
        assertThat(o.repeats()).isEqualTo(3);
        assertThat(o.processor().toString()).isEqualTo("http://127.0.0.1:8082");
        assertThat(o.downstream().toString()).isEqualTo("http://127.0.0.1:8085");
        assertThat(o.productArgs()).isEmpty();
    }

    @Test
    void givenQuick_thenOneSmallCycleAfterASmallWarmUp() {
        BenchOptions o = BenchOptions.parse(new String[] { "--quick=true" }, Map.of());

        assertThat(o.stageOrders()).isEqualTo(5_000);
        assertThat(o.warmupOrders()).isEqualTo(5_000);
        assertThat(o.repeats()).isEqualTo(1);
        // the send->OrderPaid p99 target is judged at 75 % of capacity
        assertThat(o.ladderPercent()).contains(Stages.END_TO_END_STEP_PERCENT);
    }

    @Test
    void givenTheStageOptions_thenTheyOverrideTheDefaults() {
        BenchOptions o = BenchOptions.parse(new String[] { "--stage-orders=700", "--warmup-orders=70", "--repeats=5",
                "--processor=http://host:1", "--downstream=http://host:2" }, Map.of());

        assertThat(o.stageOrders()).isEqualTo(700);
        assertThat(o.warmupOrders()).isEqualTo(70);
        assertThat(o.repeats()).isEqualTo(5);
        assertThat(o.processor().toString()).isEqualTo("http://host:1");
        assertThat(o.downstream().toString()).isEqualTo("http://host:2");
    }

    @Test
    void givenZeroRepeats_thenTheOptionsAreRefusedRatherThanAReportWithoutFigures() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] { "--repeats=0" }, Map.of()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("repeats");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] { "--stage-orders=0" }, Map.of()))
            .hasMessageContaining("stage-orders");
    }

    @Test
    void givenSeveralProductArgs_thenEachIsKeptInOrderAndTheCommandRepeatsThem() {
        BenchOptions o = BenchOptions.parse(new String[] { "--product-arg=processor:processor.batch.enabled=false",
                "--repeats=1", "--product-arg=downstream:downstream.concurrency=1" }, Map.of());

        assertThat(o.productArgs()).containsExactly("processor:processor.batch.enabled=false",
                "downstream:downstream.concurrency=1");
        assertThat(o.command())
            .isEqualTo("./paypipe bench --repeats=1" + " --product-arg=processor:processor.batch.enabled=false"
                    + " --product-arg=downstream:downstream.concurrency=1");
        assertThat(o.asGiven()).containsEntry("product-arg",
                "processor:processor.batch.enabled=false downstream:downstream.concurrency=1");
    }

    @Test
    void givenAProductArgWithoutServiceOrValue_thenItIsRefused() {
        assertThatThrownBy(
                () -> BenchOptions.parse(new String[] { "--product-arg=processor.batch.enabled=false" }, Map.of()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("SERVICE:key=value");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] { "--product-arg=processor:batch" }, Map.of()))
            .hasMessageContaining("SERVICE:key=value");
    }

}
