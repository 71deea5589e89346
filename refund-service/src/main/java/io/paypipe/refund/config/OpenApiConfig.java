package io.paypipe.refund.config;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The title and summary of the OpenAPI description springdoc serves at /v3/api-docs. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfig {

    @Bean
    OpenAPI refundApi() {
        return new OpenAPI().info(new Info().title("paypipe refund API")
            .version("1")
            .description("Refunds that never pay out twice or more than was paid. POST /refunds stores the refund"
                    + " (guard: succeeded + in flight + this <= paid, in minor units) before its channel is called;"
                    + " the same request again answers the existing refund (200); an over-refund 409 with what is"
                    + " still refundable; an unknown order 404; bad input 400."));
    }

}
