use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "ORDER_UNANSWERED", exit = 75, class = "transient", retry = "unknown",
              message = "no answer about order {order_id}", recovery = "run `shop order status {order_id}` first",
              verify = "shop order status '{order_id}")]
    OrderUnanswered { order_id: String },
}

fn main() {}
